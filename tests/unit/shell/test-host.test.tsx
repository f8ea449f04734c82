import { describe, expect, it } from 'vitest';
import { isTestHost } from '../../../screens/shell/Shell';

describe('the test banner host rule', () => {
  it('marks hosts whose first label contains min-dev or min-staging', () => {
    expect(isTestHost('min-dev.blankett.se')).toBe(true);
    expect(isTestHost('demo-min-staging.blankett.se')).toBe(true);
    expect(isTestHost('min-dev')).toBe(true);
  });

  it('leaves production and other hosts alone, even when a later label says min-dev', () => {
    expect(isTestHost('min.blankett.se')).toBe(false);
    expect(isTestHost('jobb.min-dev.se')).toBe(false);
    expect(isTestHost('localhost')).toBe(false);
  });
});
