/**
 * Link-like text in what an applicant typed (issue 24): no applicant value may carry a link
 * into a mail the organisation sends, since mail clients turn `https://…`, `www.…`, a bare
 * `evil.se/x` or an address into a link on their own. One home for the rule: every mail path
 * merges applicant values through `withoutLinkText` (server/domain/email.ts mergeValues, the
 * new-application notification in server/domain/apply.ts), and apply refuses a name for which
 * `hasLinkText` is true (a real name never holds a domain).
 *
 * A value is read the way a mail client would see it: compatibility forms folded (fullwidth
 * `ｅｖｉｌ．ｓｅ`), invisible format characters (zero-width space, joiners) removed, the
 * ideographic full stop taken as a dot. A whitespace-separated word that holds a scheme
 * (`https:`, `mailto:`, `javascript:`), `www.`, `//`, an address (`a@b.se`), an IPv4 address or
 * a domain (a label, a dot, two or more letters: `evil.se`, `St.Clair`) goes as a whole.
 * Initials (`A.B.`) and punctuation stay.
 */

const DOTS = /[\u3002\uFF61\u2024\uFE52]/g;
const LINKLIKE = [
  /^[a-z][a-z0-9+.-]*:[^\s:]/, // a scheme with something after it: https://…, mailto:…, javascript:…
  /\/\//,
  /www\d{0,3}\./,
  /@[^@\s]*\./,
  /\d{1,3}(\.\d{1,3}){3}/,
  /[\p{L}\p{N}](?:[\p{L}\p{N}_-]*[\p{L}\p{N}])?\.\p{L}{2,}/u,
];

/** The value as a mail client reads it: folded, without invisible characters, every dot a dot. */
function asShown(value: string): string {
  return value.normalize('NFKC').replace(/\p{Cf}/gu, '').replace(DOTS, '.');
}

const linkLike = (word: string): boolean => {
  const w = word.toLowerCase();
  return LINKLIKE.some((re) => re.test(w));
};

/** True when the value holds a word a mail client could make a link of. */
export function hasLinkText(value: string): boolean {
  return asShown(value).split(/\s+/).some(linkLike);
}

/** The value without its link-like words (and without invisible characters), spaces collapsed. */
export function withoutLinkText(value: string): string {
  return asShown(value)
    .split(/\s+/)
    .filter((w) => w && !linkLike(w))
    .join(' ');
}
