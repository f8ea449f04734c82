import { isContactKey } from '../../../engine/answer-kinds';
import type { Filter } from '../../store/port';
import type { ApplicationDoc } from '../core/docs';

/**
 * Protected identity (skyddade personuppgifter, issue 28 item 4). Staff mark an applicant; from
 * then on the address and contact answers — the field types that say `contact`
 * (schemas/field-types/*.json, engine/answer-kinds.ts isContactKey) and the info read from them
 * — are left out of every list, view, export, PDF, mail preview and search for everyone but
 * administrators, whose every read of them is logged (read-log.ts, kind 'protected'). The
 * person's own GDPR export still holds them. The mark shows only as 'Skyddade personuppgifter'.
 */

/** The info keys read from contact answers (engine/applicant.ts: form_address → address, …). */
const CONTACT_INFO = ['email', 'address', 'zipCode', 'city', 'phone'] as const;

/** Whether the caller sees protected contact data: administrators (and odin) only. */
export const seesProtected = (level: string | undefined): boolean => level === 'admin' || level === 'odin';

/** Whether the application is marked and the caller may not see its contact data. */
export const isShielded = (a: Pick<ApplicationDoc, 'protectedIdentity'>, level: string | undefined): boolean => a.protectedIdentity === true && !seesProtected(level);

/** The answers without address and contact answers. */
function withoutContactAnswers(metadata: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(metadata ?? {}).filter(([k]) => !isContactKey(k)));
}

/** The application as a caller who may not see protected data gets it: no e-mail, address, phone or contact answers. */
export function shielded<A extends Pick<ApplicationDoc, 'protectedIdentity' | 'email' | 'info' | 'metadata'>>(a: A, level: string | undefined): A {
  if (!isShielded(a, level)) return a;
  const info = { ...(a.info ?? {}) } as A['info'];
  for (const k of CONTACT_INFO) delete (info as Record<string, unknown>)[k];
  return { ...a, email: '', info: { ...info, email: '' }, metadata: withoutContactAnswers(a.metadata) };
}

/**
 * A text search's condition on e-mail for a caller who may not see protected data: a marked
 * applicant is never found by their address (a hit would confirm it).
 */
export function emailSearchable(level: string | undefined, rx: Filter): Filter {
  return seesProtected(level) ? { email: rx } : { email: rx, protectedIdentity: { $ne: true } };
}
