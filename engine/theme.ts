/**
 * The one place the default theme (schemas/templates/default-theme.json, spec document 2 §9)
 * is merged with an organisation's stored theme, for staff (get_container, the theme actions,
 * the theme settings screen) and for the public API and pages alike. Pure.
 */
import defaultTheme from '../schemas/templates/default-theme.json' with { type: 'json' };

/** A theme: groups (button, backgroundColor, textColor, icon) of named values. */
export type ThemeGroups = Record<string, Record<string, string>>;

export const DEFAULT_THEME: typeof defaultTheme = defaultTheme;

/** The default theme with the stored one laid over it, group by group (a fresh copy). */
export function effectiveTheme(stored: unknown): typeof defaultTheme & ThemeGroups {
  const base = structuredClone(defaultTheme) as typeof defaultTheme & ThemeGroups;
  if (!stored || typeof stored !== 'object') return base;
  for (const [group, values] of Object.entries(stored as ThemeGroups)) {
    if (values && typeof values === 'object' && !Array.isArray(values)) base[group] = { ...(base[group] ?? {}), ...values };
  }
  return base;
}
