import { describe, expect, it } from 'vitest';
import { plainText } from '../../../../screens/public/PositionPage';

describe('plainText', () => {
  it('turns organisation HTML into one line of text for the meta description', () => {
    expect(plainText('<h2>Om tjänsten</h2>\n<p>Du jobbar&nbsp;i butik &amp; lager.</p>')).toBe('Om tjänsten Du jobbar i butik & lager.');
  });
});
