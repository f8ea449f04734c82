/**
 * When a search or filter text can be answered from the trigram index (issue 15). The admin
 * search and the applicant list's name/email filter match the text literally and
 * case-insensitively; on the embedded store a trigram (FTS5) index narrows the rows, and it
 * can only when the text holds at least one trigram: three Unicode characters (code points)
 * after trimming. Shorter text would be matched against every applicant of the organisation,
 * so it is refused instead. Counted in code points, not UTF-16 units: '😀a' is two
 * characters (three units) and has no trigram. Regex and LIKE characters ('%', '_', '.')
 * are ordinary characters here: the text is escaped before it reaches a pattern.
 * Shared by the server (which refuses) and the browser (which does not send such text).
 */
export const MIN_SEARCH_CHARS = 3;
export const MAX_SEARCH_CHARS = 100;

export type SearchTextProblem = 'tooShort' | 'tooLong';

/** Characters as the trigram index counts them (code points). */
export function searchChars(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Why a (trimmed) search text cannot be used, or null when it can. */
export function searchTextProblem(text: string): SearchTextProblem | null {
  const n = searchChars(text.trim());
  if (n < MIN_SEARCH_CHARS) return 'tooShort';
  if (n > MAX_SEARCH_CHARS) return 'tooLong';
  return null;
}
