import type { MetadataProperty } from '../types';

/** Spec document 2 §9: the form-builder custom key counter starts at 1000. */
export const FIRST_CUSTOM_KEY = 1000;

const CUSTOM_KEY = /^form_[A-Za-z][A-Za-z0-9]*_(\d+)$/;

/**
 * The spec names the prefixes form_text_ and form_textarea_ for custom fields; a type
 * without a declared prefix follows the same pattern (form_<type>_).
 */
export function keyPrefix(type: string): string {
  return `form_${type}_`;
}

/** The counter a form loaded from storage continues from: past every custom key it holds. */
export function counterAfter(metadata: readonly MetadataProperty[], stored?: number): number {
  let next = Math.max(FIRST_CUSTOM_KEY, Number.isInteger(stored) ? (stored as number) : 0);
  for (const p of metadata) {
    const m = CUSTOM_KEY.exec(p.key);
    if (m?.[1]) next = Math.max(next, Number(m[1]) + 1);
  }
  return next;
}

/**
 * The next free custom key for a type. Skips any number a hand-written key already uses,
 * whatever its prefix, so keys stay unique across types.
 */
export function allocateKey(
  prefix: string,
  counter: number,
  taken: ReadonlySet<string>,
): { key: string; nextKey: number } {
  let n = counter;
  const usedNumbers = new Set<number>();
  for (const k of taken) {
    const m = CUSTOM_KEY.exec(k);
    if (m?.[1]) usedNumbers.add(Number(m[1]));
  }
  while (usedNumbers.has(n) || taken.has(`${prefix}${n}`)) n += 1;
  return { key: `${prefix}${n}`, nextKey: n + 1 };
}
