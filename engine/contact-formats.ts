/**
 * Swedish phone numbers as applicants write them (issue 26): digits with spaces, hyphens, dots
 * or brackets between them, in national form (070-123 45 67, 08-123 456 78) or international
 * (+46 70 123 45 67, 0046 8 123 456 78, +46 (0)70 …); a foreign number in international form
 * (+47 …, 0045 …) is a number too. Letters or other signs make it none.
 */
function parsePhone(value: string): { swedish: boolean; digits: string } | null {
  const compact = value.trim().replace(/[\s().-]/g, '');
  const m = /^(\+|00)?(\d+)$/.exec(compact);
  if (!m) return null;
  const digits = m[2] as string;
  if (!m[1]) return { swedish: true, digits };
  if (digits.startsWith('46')) return { swedish: true, digits: `0${digits.slice(2).replace(/^0/, '')}` };
  return { swedish: false, digits };
}

/** A foreign number: a country code and at most 15 digits in all (E.164). */
const FOREIGN = /^[1-9]\d{6,14}$/;

/** A phone number: Swedish with its area code (0 and 6–10 more digits), or foreign. */
export function isPhoneNumber(value: string): boolean {
  const p = parsePhone(value);
  return p !== null && (p.swedish ? /^0[1-9]\d{5,9}$/.test(p.digits) : FOREIGN.test(p.digits));
}

/** A mobile number: Swedish 07x and eight digits, or foreign. */
export function isMobileNumber(value: string): boolean {
  const p = parsePhone(value);
  return p !== null && (p.swedish ? /^07\d{8}$/.test(p.digits) : FOREIGN.test(p.digits));
}

/** A Swedish postcode: five digits, a space after the third allowed (123 45, 12345). */
export const isPostcode = (value: string): boolean => /^\d{3} ?\d{2}$/.test(value.trim());

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/**
 * A complete web address (a LinkedIn profile, a portfolio): http:// or https://, a host of
 * dotted labels ending in a letters-only top-level domain, an optional port and path, no
 * spaces. 'linkedin.com/in/anna' (no scheme) and 'min profil' are not.
 */
export function isWebAddress(value: string): boolean {
  const text = value.trim();
  if (text.length > 2000 || /\s/.test(text)) return false;
  const m = /^https?:\/\/([^/?#@]+?)(?::\d{1,5})?(?:[/?#]|$)/i.exec(text);
  if (!m) return false;
  const labels = (m[1] as string).split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && /^[a-z]{2,63}$/i.test(labels[labels.length - 1] as string);
}
