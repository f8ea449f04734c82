import { describe, expect, it } from 'vitest';
import { lowContrast, ratioText } from '../../../../screens/org/contrast';
import { DEFAULT_THEME } from '../../../../screens/public/theme';

describe('lowContrast', () => {
  it('names each text/background pair under 4.5:1 with its ratio and the colour the public page draws instead', () => {
    const low = lowContrast({ ...DEFAULT_THEME, button: { backgroundColor: '#777777', textColor: '#888888', borderRadius: 'rounded-md' } });
    const button = low.find((l) => l.pair.text.join('.') === 'button.textColor')!;
    expect(button.pair.background).toEqual(['button', 'backgroundColor']);
    expect(button.ratio).toBeLessThan(1.5);
    expect(button.shownAs).not.toBe('#888888');
  });

  it("flags the default theme's contact text (2.9:1 on white) and passes black on white", () => {
    expect(lowContrast(DEFAULT_THEME).map((l) => l.pair.text[1])).toContain('contactText');
    const black = lowContrast({ ...DEFAULT_THEME, textColor: { ...DEFAULT_THEME.textColor, workAtText: '#000000' } });
    expect(black.map((l) => l.pair.text[1])).not.toContain('workAtText');
  });

  it('leaves a colour that is not a colour to the field error', () => {
    expect(lowContrast({ ...DEFAULT_THEME, button: { ...DEFAULT_THEME.button, textColor: 'blå' } }).map((l) => l.pair.text[1])).not.toContain('textColor');
  });

  it('writes ratios the Swedish way, rounded down so 4.49 never reads as 4,5', () => {
    expect(ratioText(4.49)).toBe('4,4');
    expect(ratioText(3.04)).toBe('3,0');
  });
});
