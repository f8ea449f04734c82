import { describe, expect, it } from 'vitest';
import { contrastRatio, DEFAULT_THEME, parseHex, readableOn, themeVariables } from '../../../../screens/public/theme';

const ratio = (a: string, b: string) => contrastRatio(parseHex(a)!, parseHex(b)!);

describe('readableOn', () => {
  it('keeps a colour that already reads well', () => {
    expect(readableOn('#333333', '#FFFFFF')).toBe('#333333');
  });

  it('darkens the default contact text until it reaches 4.5:1 on white', () => {
    expect(ratio('#868BFC', '#FFFFFF')).toBeLessThan(4.5);
    const fixed = readableOn('#868BFC', '#FFFFFF');
    expect(fixed).not.toBe('#868BFC');
    expect(ratio(fixed, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });

  it('lightens text on a dark surface', () => {
    const fixed = readableOn('#444444', '#333333');
    expect(ratio(fixed, '#333333')).toBeGreaterThanOrEqual(4.5);
  });

  it('falls back to a readable colour for something that is not a hex colour', () => {
    expect(readableOn('red; background:url(x)', '#FFFFFF')).toBe('#1A1A1A');
  });
});

describe('themeVariables', () => {
  it('uses the default theme of the spec when the container has none', () => {
    const v = themeVariables(undefined);
    expect(v['--pub-button-bg']).toBe(DEFAULT_THEME.button.backgroundColor);
    expect(v['--pub-footer-bg']).toBe('#333333');
    expect(v['--pub-button-radius']).toBe('6px');
  });

  it('applies a partial theme over the default', () => {
    const v = themeVariables({ button: { backgroundColor: '#005500', borderRadius: '12' } });
    expect(v['--pub-button-bg']).toBe('#005500');
    expect(v['--pub-button-radius']).toBe('12px');
    expect(v['--pub-main-bg']).toBe('#FFFFFF');
  });

  it('draws an 8-digit colour opaque', () => {
    expect(themeVariables({ button: { backgroundColor: '#00550080' } })['--pub-button-bg']).toBe('#005500');
  });

  it('ignores values that are not colours so nothing can be injected into the style', () => {
    const v = themeVariables({ backgroundColor: { mainContent: 'url(https://x)' } });
    expect(v['--pub-main-bg']).toBe('#FFFFFF');
  });

  it('gives every text colour at least 4.5:1 against its surface', () => {
    const v = themeVariables({ backgroundColor: { mainContent: '#FFFF00', footer: '#EEEEEE' }, textColor: { footerText: '#FFFFFF', detailText: '#FFFF99' } });
    expect(ratio(v['--pub-footer-text']!, '#EEEEEE')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(v['--pub-detail-text']!, '#FFFF00')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(v['--pub-button-text']!, v['--pub-button-bg']!)).toBeGreaterThanOrEqual(4.5);
  });
});
