/**
 * A container's theme as CSS custom properties on the public pages. Pure.
 *
 * Text colours are nudged toward black or white until they reach 4.5:1 against the surface
 * they are drawn on: organisations pick brand colours (the default theme's own contactText
 * #868BFC is 2.9:1 on white) and WCAG 2.1 AA must hold whatever they pick.
 */
import { DEFAULT_THEME as defaultTheme } from '../../engine/theme';
import type { Theme } from './types';

/** The default theme of spec document 2 §9 (schemas/templates/default-theme.json), applied where a container has none. */
export const DEFAULT_THEME = defaultTheme satisfies Required<Theme>;

type Rgb = [number, number, number];

/** `#RGB` or `#RRGGBB` → [r, g, b]; anything else → null. */
export function parseHex(value: string | undefined): Rgb | null {
  if (!value) return null;
  // #RRGGBBAA is accepted (the theme schema allows it) and drawn opaque, so the contrast
  // computed here is the contrast shown.
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value.trim());
  if (!m || !m[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1].slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function toHex(c: Rgb): string {
  return `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.1 contrast ratio of two colours. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `fg` itself when it reads well on `bg`, else the nearest mix toward black or white that does. */
export function readableOn(fg: string | undefined, bg: string | undefined, min = 4.5): string {
  const b = parseHex(bg) ?? [255, 255, 255];
  const f = parseHex(fg);
  if (!f) return luminance(b) > 0.18 ? '#1A1A1A' : '#FFFFFF';
  if (contrastRatio(f, b) >= min) return toHex(f);
  const target: Rgb = luminance(b) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let t = 0.05; t <= 1.0001; t += 0.05) {
    const mixed = f.map((v, i) => v + (target[i]! - v) * t) as Rgb;
    if (contrastRatio(mixed, b) >= min) return toHex(mixed);
  }
  return toHex(target);
}

function radius(value: string | undefined): string {
  if (!value) return '6px';
  if (/^\d+(\.\d+)?$/.test(value)) return `${value}px`;
  if (/^\d+(\.\d+)?(px|rem|em|%)$/.test(value)) return value;
  // The spec's default is a class name; map the familiar ones to lengths.
  const named: Record<string, string> = { 'rounded-none': '0', rounded: '4px', 'rounded-sm': '2px', 'rounded-md': '6px', 'rounded-lg': '8px', 'rounded-xl': '12px', 'rounded-full': '9999px' };
  return named[value] ?? '6px';
}

function colour(value: string | undefined, fallback: string): string {
  const rgb = parseHex(value);
  return rgb ? toHex(rgb) : fallback;
}

const computed = new WeakMap<Theme, Record<string, string>>();
let defaultVariables: Record<string, string> | undefined;

/**
 * The theme (merged over the default) as CSS custom properties for a style attribute. Computed
 * once per theme object (the layout renders often; the contrast adjustment need not run again).
 */
export function themeVariables(theme: Theme | undefined): Record<string, string> {
  if (!theme) return (defaultVariables ??= variablesOf(undefined));
  let v = computed.get(theme);
  if (!v) computed.set(theme, (v = variablesOf(theme)));
  return v;
}

function variablesOf(theme: Theme | undefined): Record<string, string> {
  const t = theme ?? {};
  const d = DEFAULT_THEME;
  const main = colour(t.backgroundColor?.mainContent, d.backgroundColor.mainContent);
  const footer = colour(t.backgroundColor?.footer, d.backgroundColor.footer);
  const social = colour(t.backgroundColor?.socialMedia, d.backgroundColor.socialMedia);
  const buttonBg = colour(t.button?.backgroundColor, d.button.backgroundColor);
  return {
    '--pub-main-bg': main,
    '--pub-footer-bg': footer,
    '--pub-social-bg': social,
    '--pub-button-bg': buttonBg,
    '--pub-button-text': readableOn(t.button?.textColor ?? d.button.textColor, buttonBg),
    '--pub-button-radius': radius(t.button?.borderRadius ?? d.button.borderRadius),
    '--pub-work-at-text': readableOn(t.textColor?.workAtText ?? d.textColor.workAtText, main),
    '--pub-contact-text': readableOn(t.textColor?.contactText ?? d.textColor.contactText, main),
    '--pub-detail-text': readableOn(t.textColor?.detailText ?? d.textColor.detailText, main),
    '--pub-other-text': readableOn(t.textColor?.otherText ?? d.textColor.otherText, main),
    '--pub-footer-text': readableOn(t.textColor?.footerText ?? d.textColor.footerText, footer),
    '--pub-footer-icon': readableOn(t.icon?.footerIcon ?? d.icon.footerIcon, footer, 3),
    '--pub-social-icon': readableOn(t.icon?.socialMedia ?? d.icon.socialMedia, social, 4.5),
    '--pub-position-icon': colour(t.icon?.positionIcons, d.icon.positionIcons),
    '--pub-position-icon-1': colour(t.icon?.positionIcon1, d.icon.positionIcon1),
    '--pub-position-icon-2': colour(t.icon?.positionIcon2, d.icon.positionIcon2),
    '--pub-position-icon-3': colour(t.icon?.positionIcon3, d.icon.positionIcon3),
    '--pub-position-icon-4': colour(t.icon?.positionIcon4, d.icon.positionIcon4),
  };
}
