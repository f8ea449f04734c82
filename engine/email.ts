/**
 * The one e-mail rule of Blankett, used by the validEmail validator, the apply call, the
 * account and mail routes and the staff screens. Deliberately plain (DESIGN semantics): one
 * address, no quoted local parts, no IP literals, a dotted domain of ASCII labels with a
 * letters-only top-level domain of two or more, at most 254 characters.
 */
const LOCAL = /^[^\s@<>()[\]\\,;:"]{1,64}$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

export function isValidEmail(value: string): boolean {
  const text = value.trim();
  if (text.length > 254) return false;
  const at = text.lastIndexOf('@');
  if (at <= 0 || text.indexOf('@') !== at) return false;
  if (!LOCAL.test(text.slice(0, at))) return false;
  const labels = text.slice(at + 1).split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  return /^[a-z]{2,}$/i.test(labels[labels.length - 1] as string);
}

/**
 * The same rule as one ECMA-262 pattern (the `u` flag, as JSON Schema validators use it), for
 * schemas read without Blankett's code: blank, or the trimmed address with the shape above.
 * A unit test holds it to `isValidEmail` over a corpus.
 */
export const EMAIL_PATTERN =
  '^\\s*$|^\\s*(?=\\S{1,254}\\s*$)[^\\s@<>()\\[\\]\\\\,;:"]{1,64}@(?:(?!-)[A-Za-z0-9-]{1,63}(?<!-)\\.)+[A-Za-z]{2,63}\\s*$';

/** Runs of text between whitespace and the characters that can neither be in an address nor join two. */
const WORD = /[^\s,;<>()[\]"'`]+/g;
/** Sentence punctuation around a word ('anna@exempel.se.' at the end of a sentence). */
const EDGE = /^[.:!?*_]+|[.:!?*_]+$/g;

/**
 * The text with every address `isValidEmail` accepts replaced by `by` (struck from free text, as
 * the merit disclosure does). An address is found by the one rule above, not by a second pattern.
 */
export function replaceEmails(text: string, by: string): string {
  return text.replace(WORD, (word) => {
    const core = word.replace(EDGE, '');
    return core.includes('@') && isValidEmail(core) ? word.replace(core, by) : word;
  });
}
