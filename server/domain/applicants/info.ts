import { extractApplicantInfo } from '../../../engine';
import type { MetadataProperty } from '../../../engine/types';
import type { ApplicantInfo } from '../core/docs';

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
