import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import { loadContainer, updateContainer } from '../organisations/containers';
import type { ApplicationDoc, LogEntry } from '../core/docs';
import { privacyOf, type PrivacySettings, type SsnMode } from './personnummer-view';

/** The organisation's personnummer settings with their defaults (organisations made before issue 28 asked for a personnummer). */
export async function privacySettings(deps: ServerDeps, containerId: number) {
  const p = privacyOf(await loadContainer(deps.store, containerId));
  return { ssnMode: p.ssnMode ?? ('ssn' as SsnMode), ssnReason: p.ssnReason ?? '', ssnFullRoles: p.ssnFullRoles ?? ['admin' as const] };
}

/** Sets them: asking for a personnummer needs a reason (dataskyddslagen 3 kap. 10 §); nothing changes without one. */
export async function setPrivacySettings(deps: ServerDeps, containerId: number, input: Required<Pick<PrivacySettings, 'ssnMode'>> & PrivacySettings) {
  const reason = (input.ssnReason ?? '').trim();
  if (input.ssnMode !== 'birthDate' && !reason) throw errors.invalid([{ path: '/ssnReason', message: sv.privacy.ssnReasonRequired }], sv.privacy.ssnReasonRequired);
  const privacy: PrivacySettings = { ssnMode: input.ssnMode, ssnReason: input.ssnMode === 'birthDate' ? '' : reason, ssnFullRoles: input.ssnFullRoles ?? ['admin'] };
  await updateContainer(deps.store, containerId, { $set: { privacy } });
  return privacySettings(deps, containerId);
}

/**
 * Marks every application the person made in the organisation (by its e-mail) as protected
 * identity, or lifts the mark; each gets a log line naming who, with no personal data.
 */
export async function markProtected(deps: ServerDeps, by: string, a: ApplicationDoc, on: boolean) {
  const log: LogEntry = { at: deps.now(), what: on ? 'protectedIdentity' : 'protectedIdentityLifted', by, text: on ? sv.privacy.protectedMarked : sv.privacy.protectedUnmarked };
  const changed = await deps.store
    .collection<ApplicationDoc>('applications')
    .updateMany({ containerId: a.containerId, email: a.email, protectedIdentity: on ? { $ne: true } : true }, { $set: { protectedIdentity: on }, $push: { logs: log } });
  return { id: a.id, protectedIdentity: on, applications: changed };
}
