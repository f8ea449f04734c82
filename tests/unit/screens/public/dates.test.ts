import { describe, expect, it } from 'vitest';
import { isoInstant } from '../../../../screens/public/dates';

describe('isoInstant', () => {
  it('gives an ISO instant without milliseconds', () => {
    expect(isoInstant(0)).toBe('1970-01-01T00:00:00Z');
  });
});
