import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, effectiveTheme } from '../../../engine/theme';
import { publicContainer } from '../../../server/domain/positions/public';

describe('the default theme, merged in one place', () => {
  it('lays a partial stored theme over the default group by group', () => {
    const t = effectiveTheme({ button: { backgroundColor: '#000000' } });
    expect(t.button.backgroundColor).toBe('#000000');
    expect(t.button.textColor).toBe(DEFAULT_THEME.button.textColor);
    expect(t.textColor).toEqual(DEFAULT_THEME.textColor);
  });

  it('gives the default for no theme, as a copy nobody can change by accident', () => {
    const t = effectiveTheme(undefined);
    expect(t).toEqual(DEFAULT_THEME);
    t.button.backgroundColor = '#FF0000';
    expect(effectiveTheme(null).button.backgroundColor).toBe(DEFAULT_THEME.button.backgroundColor);
  });

  it('is what the public API sends, so a partly themed organisation keeps every default key', () => {
    const c = publicContainer({ id: 1, name: 'demo', theme: { icon: { footerIcon: '#111111' } } });
    expect(c.theme).toEqual(effectiveTheme({ icon: { footerIcon: '#111111' } }));
    expect((c.theme as typeof DEFAULT_THEME).icon.positionIcons).toBe(DEFAULT_THEME.icon.positionIcons);
  });
});
