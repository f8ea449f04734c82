/**
 * The theme's text/background pairs and their WCAG 2.1 contrast (AA: 4.5:1 for text), from the
 * one colour helper of the public pages (screens/public/theme.ts). Pure.
 */
import { contrastRatio, parseHex, readableOn } from '../public/theme';
import type { Theme } from '../public/types';

const AA_TEXT = 4.5;

type Path = [group: keyof Theme, key: string];

interface Pair {
  text: Path;
  background: Path;
}

/** Every text colour of the theme and the background it is drawn on (spec document 1 §3). */
const PAIRS: Pair[] = [
  { text: ['button', 'textColor'], background: ['button', 'backgroundColor'] },
  { text: ['textColor', 'workAtText'], background: ['backgroundColor', 'mainContent'] },
  { text: ['textColor', 'contactText'], background: ['backgroundColor', 'mainContent'] },
  { text: ['textColor', 'detailText'], background: ['backgroundColor', 'mainContent'] },
  { text: ['textColor', 'otherText'], background: ['backgroundColor', 'mainContent'] },
  { text: ['textColor', 'footerText'], background: ['backgroundColor', 'footer'] },
];

const colourAt = (theme: Theme, [g, k]: Path): string | undefined => (theme[g] as Record<string, string> | undefined)?.[k];

export interface Low {
  pair: Pair;
  ratio: number;
  /** The colour the public page draws instead, so it stays readable. */
  shownAs: string;
}

/** The pairs under 4.5:1 (pairs with a colour that is not a colour are left to the field's own error). */
export function lowContrast(theme: Theme): Low[] {
  const out: Low[] = [];
  for (const pair of PAIRS) {
    const fg = parseHex(colourAt(theme, pair.text));
    const bg = parseHex(colourAt(theme, pair.background));
    if (!fg || !bg) continue;
    const ratio = contrastRatio(fg, bg);
    if (ratio < AA_TEXT) out.push({ pair, ratio, shownAs: readableOn(colourAt(theme, pair.text), colourAt(theme, pair.background)) });
  }
  return out;
}

/** Swedish decimal with one digit: 3.04 → '3,0'. */
export const ratioText = (r: number) => (Math.floor(r * 10) / 10).toFixed(1).replace('.', ',');
