import { luhnValid } from './personnummer';

/**
 * A Swedish organisationsnummer: ten digits NNNNNN-NNNN (one `-` before the last four, and a
 * leading `16` century prefix, are accepted and normalised away), the third digit at least 2
 * (what tells an organisation from a person), and the Luhn check digit over the ten digits.
 * Returns the normalised `NNNNNN-NNNN`, or null.
 */
export function parseOrganisationsnummer(value: string): string | null {
  const m = /^(?:16)?(\d{6})-?(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const ten = m[1]! + m[2]!;
  if (Number(ten[2]) < 2) return null;
  if (!luhnValid(ten)) return null;
  return `${m[1]}-${m[2]}`;
}
