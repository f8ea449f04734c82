import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { looksLikePersonnummer, maskPersonnummer } from '../../../engine/personnummer';
import { errors } from '../../errors';
import type { ContainerDoc } from '../core/docs';
import type { PrivacySettings as GeneratedSettings } from '../../../schemas/generated/actions';

/**
 * The personnummer where it is shown (issue 28 item 3): masked ('19900101-XXXX') in lists,
 * search results, the board and exports; in full only on the applicant page, for the roles the
 * organisation allows (`privacy.ssnFullRoles`, default administrators), each showing logged
 * (read-log.ts, kind 'personnummer').
 */

/**
 * The organisation's privacy settings (update_privacySettings, generated from its schema), each
 * part absent on organisations made before them: no `ssnMode` keeps forms as given, no
 * `ssnFullRoles` means administrators.
 */
export type PrivacySettings = Partial<GeneratedSettings>;
export type SsnMode = GeneratedSettings['ssnMode'];

export const privacyOf = (c: ContainerDoc): PrivacySettings => (c.privacy && typeof c.privacy === 'object' ? (c.privacy as PrivacySettings) : {});

/**
 * The mode a position's form is saved in: its own (`ssnMode`), else the organisation's
 * (new organisations: birth date only); undefined for an organisation made before issue 28
 * that never chose (its forms stay as given).
 */
export const effectiveSsnMode = (c: ContainerDoc, own: SsnMode | undefined): SsnMode | undefined => own ?? privacyOf(c).ssnMode;

/** Whether a caller of `level` sees the full personnummer on the applicant page. */
export function showsFullSsn(c: ContainerDoc, level: string | undefined): boolean {
  if (level === 'odin') return true;
  const roles: string[] = privacyOf(c).ssnFullRoles ?? ['admin'];
  return level !== undefined && roles.includes(level);
}

/** The answers with every personnummer masked (the form's ssn answer and any other answer that is one). */
export function maskedAnswers(metadata: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(metadata ?? {})) out[k] = looksLikePersonnummer(v) ? maskPersonnummer(v) : v;
  return out;
}

/** The info's personnummer masked (absent stays absent). */
export function maskedInfo<I extends { ssn?: unknown }>(info: I): I {
  return typeof info.ssn === 'string' && info.ssn ? { ...info, ssn: maskPersonnummer(info.ssn) } : info;
}

/** An application as an export shows it: every personnummer masked. */
export function maskedForExport<A extends { metadata?: Record<string, unknown>; info?: { ssn?: unknown } }>(a: A): A {
  return { ...a, metadata: maskedAnswers(a.metadata), ...(a.info ? { info: maskedInfo(a.info) } : {}) };
}

// Ten or more digits (separators aside), or a birth date followed by a separator and digits:
// a personnummer or its prefix. Refused with a clear answer: a list that shows them masked must
// not answer 'found' or 'not found' to a guess at the last four (an oracle).
const PERSONNUMMER_PROBE = /\d{6}(?:\d{2})?[\s+-]?\d{1,4}|(?:\d[\s+-]?){10,}/;

/** Refuses a search or filter text that is a personnummer or a prefix of one, at `path`. */
export function refusePersonnummerSearch(text: string, path: string): void {
  if (PERSONNUMMER_PROBE.test(text)) throw errors.invalid([{ path, message: sv.privacy.personnummerSearch }], sv.privacy.personnummerSearch);
}
