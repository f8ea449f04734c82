/**
 * Where an applicant came from (issue 30 item 4): the `?källa=` or `utm_source` tag of a shared
 * apply link, kept on the application. Read by the apply page (its own address) and by the
 * server (the no-script post's address, and the check of what the page sends). A tag is short
 * plain text: letters, digits and a few separators; anything else is no tag.
 */
const SOURCE_PARAMS = ['källa', 'kalla', 'utm_source'] as const;
const SOURCE_MAX = 60;
const SHAPE = /^[\p{L}\p{N}][\p{L}\p{N} ._+-]*$/u;

/** The tag as stored (trimmed, lower case), or undefined when `value` is not one. */
export function cleanSourceTag(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const tag = value.trim().toLocaleLowerCase('sv');
  return tag.length > 0 && tag.length <= SOURCE_MAX && SHAPE.test(tag) ? tag : undefined;
}

/** The first valid tag of a query string (`?källa=linkedin`), or undefined. */
export function sourceTagOf(search: string): string | undefined {
  const params = new URLSearchParams(search);
  for (const name of SOURCE_PARAMS) {
    const tag = cleanSourceTag(params.get(name));
    if (tag) return tag;
  }
  return undefined;
}
