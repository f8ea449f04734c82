import { extractApplicantInfo } from '../../engine';
import type { MetadataProperty } from '../../engine/types';
import type { ApplicantInfo } from './docs';

/** Age in whole years on `at` (unix seconds) for a YYYY-MM-DD birth date, or null. */
export function ageOn(dateOfBirth: string, at: number): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!m) return null;
  const now = new Date(at * 1000);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < mo || (now.getUTCMonth() + 1 === mo && now.getUTCDate() < d)) age -= 1;
  return age;
}

/**
 * The applicant's info as stored beside the answers: the engine's extractApplicantInfo
 * (special form keys, with fallbacks for custom forms), without empty values and without
 * `age`, which goes stale and is derived from dateOfBirth when read. The application's email
 * wins over the form's email field, since it is the one the duplicate check uses.
 */
export function applicantInfo(metadata: readonly MetadataProperty[], answers: Record<string, unknown>, email: string): ApplicantInfo {
  const { age: _age, ...all } = extractApplicantInfo(metadata, answers);
  const info: ApplicantInfo = { firstname: all.firstname, lastname: all.lastname, name: all.name, email };
  for (const [k, v] of Object.entries(all)) {
    if (!(k in info) && typeof v === 'string' && v !== '') info[k] = v.slice(0, 300);
  }
  return info;
}
