import type { ServerDeps } from '../../base/deps';
import type { ApplicationDoc } from '../core/docs';
import type { Filter } from '../../store/port';
import { forgetLinksOfAddresses } from '../../auth/signin';
import { flushReadLog } from './read-log';
import { applicationsOnly, BY_EMAIL_ONLY, blobIdsOf, filterFor, HOLDERS, outboxCopiesOf, type Found, type Holder, type Person } from './personal';

/**
 * The one removal path. Withdraw, staff delete, position delete, erasure and the retention
 * job all end here, so what follows an application is decided once, by the entity schemas'
 * `x-gdpr` tags (server/domain/personal.ts): the application, its files, notifications, skill
 * answers, the records and outbox copies of its mails, and — once the person has no
 * application left in the organisation — their conversation and its messages.
 */

export type Removed = Record<string, number>;

/**
 * Removes every document the tags link to the person in the container: blobs and outbox
 * copies first, then the documents that point at them, applications last (a crash midway
 * leaves the person findable for a second run). Answers counts per collection.
 */
export async function removePerson(deps: ServerDeps, containerId: number, p: Person): Promise<Removed> {
  const counts: Removed = { blobs: 0, outboxMails: 0 };
  // A read recorded just before must not land after the removal (read-log.ts).
  await flushReadLog(deps);
  const filters = HOLDERS.map((holder) => ({ holder, filter: filterFor(holder, containerId, p) })).filter((x): x is { holder: Holder; filter: Filter } => !!x.filter);
  for (const { holder, filter } of filters) {
    const pointers = await pointersOf(deps, holder, filter);
    for (const id of blobIdsOf(pointers)) {
      await deps.blobs.delete(id).catch(() => undefined);
      counts.blobs! += 1;
    }
    for (const copy of outboxCopiesOf(pointers)) if (await deps.mail.drop?.(copy).catch(() => false)) counts.outboxMails! += 1;
  }
  const ordered = [...filters].sort((a, b) => Number(a.holder.application === 'id') - Number(b.holder.application === 'id'));
  const emails = await emailsOf(deps, filters);
  // Deletes by filter, so idempotent: the driver never retries deleteMany, and a removal cut
  // short (failover, crash) is finished by running it again (withdraw, erasure, retention and
  // the position sweep all loop or are retried until nothing matches).
  for (const { holder, filter } of ordered) counts[holder.collection] = (counts[holder.collection] ?? 0) + (await deps.store.collection(holder.collection).deleteMany(filter));
  await againAfterReads(deps, ordered);
  // The sign-in links of a person whose last application (anywhere) this was go with it.
  await forgetLinksOfAddresses(deps.store, [...emails, ...p.emails]);
  return counts;
}

/**
 * A read written while the removal ran (its application still there when the write checked,
 * read-log.ts) lands after the log was deleted: flush once more, now that the applications are
 * gone, and delete the log again.
 */
async function againAfterReads(deps: ServerDeps, filters: { holder: Holder; filter: Filter }[]): Promise<void> {
  await flushReadLog(deps);
  for (const { holder, filter } of filters) if (holder.collection === 'readLog') await deps.store.collection(holder.collection).deleteMany(filter);
}

/** The addresses of the applications a removal is about to delete. */
async function emailsOf(deps: ServerDeps, filters: { holder: Holder; filter: Filter }[]): Promise<string[]> {
  const apps = filters.find((f) => f.holder.application === 'id');
  if (!apps) return [];
  const docs = await deps.store.collection<{ email?: unknown }>(apps.holder.collection).find(apps.filter, { projection: { email: 1 } });
  return docs.map((d) => d.email).filter((e): e is string => typeof e === 'string');
}

/** The blob and outbox fields of a holder's matching documents (only those fields are read). */
async function pointersOf(deps: ServerDeps, holder: Holder, filter: Filter): Promise<Found[]> {
  const fields = [holder.blobs, holder.outbox].filter((f): f is string => !!f);
  if (!fields.length) return [];
  const docs = await deps.store.collection(holder.collection).find(filter, { projection: Object.fromEntries(fields.map((f) => [f, 1 as const])) });
  return [{ holder, docs }];
}

/** Conversations (holders linked by email only) of the emails that have no application left in the container. */
export async function removeConversationsLeft(deps: ServerDeps, containerId: number, emails: Iterable<string>): Promise<void> {
  const list = [...new Set(emails)];
  if (!list.length) return;
  // Only emails that have a conversation here are counted (a position delete passes hundreds at once).
  const talking = new Set<string>();
  for (const h of BY_EMAIL_ONLY) {
    const path = h.person!.email!;
    for (const d of await deps.store.collection(h.collection).find({ [h.container]: containerId, [path]: { $in: list } }, { projection: { [path]: 1 } })) {
      const e = d[path];
      if (typeof e === 'string') talking.add(e);
    }
  }
  const apps = deps.store.collection('applications');
  for (const email of talking) {
    if ((await apps.count({ containerId, email })) > 0) continue;
    // Idempotent delete by filter (see removeApplications above).
    for (const h of BY_EMAIL_ONLY) await deps.store.collection(h.collection).deleteMany({ [h.container]: containerId, [h.person!.email!]: email });
  }
}

/**
 * Removes applications with everything that follows them (removePerson by application ids,
 * organisation by organisation) and the conversations of people left with no application
 * in that organisation. Answers how many applications went.
 */
export async function removeApplications(deps: ServerDeps, list: Pick<ApplicationDoc, 'id' | 'containerId' | 'email'>[]): Promise<number> {
  let n = 0;
  for (const containerId of new Set(list.map((a) => a.containerId))) {
    const mine = list.filter((a) => a.containerId === containerId);
    const counts = await removePerson(deps, containerId, applicationsOnly(mine.map((a) => a.id)));
    n += counts.applications ?? 0;
    await removeConversationsLeft(deps, containerId, mine.map((a) => a.email));
  }
  return n;
}

/**
 * An organisation's personal data when the organisation is deleted: every holder's documents
 * in it, with their blobs and kept mail copies first.
 */
async function removeOrganisationData(deps: ServerDeps, containerId: number): Promise<void> {
  await flushReadLog(deps);
  for (const holder of HOLDERS) {
    const pointers = await pointersOf(deps, holder, { [holder.container]: containerId });
    for (const id of blobIdsOf(pointers)) await deps.blobs.delete(id).catch(() => undefined);
    for (const copy of outboxCopiesOf(pointers)) await deps.mail.drop?.(copy).catch(() => false);
  }
  const ordered = [...HOLDERS].sort((a, b) => Number(a.application === 'id') - Number(b.application === 'id'));
  const emails = await emailsOf(deps, ordered.filter((h) => h.application === 'id').map((holder) => ({ holder, filter: { [holder.container]: containerId } })));
  // Idempotent delete by filter (see removeApplications above).
  for (const holder of ordered) await deps.store.collection(holder.collection).deleteMany({ [holder.container]: containerId });
  await againAfterReads(deps, ordered.map((holder) => ({ holder, filter: { [holder.container]: containerId } })));
  await forgetLinksOfAddresses(deps.store, emails);
}

/**
 * Deletes an organisation: the container goes first, so from then on every call about it is
 * a 404 even if the clean-up below is interrupted. False when there was no such container.
 */
export async function removeOrganisation(deps: ServerDeps, containerId: number): Promise<boolean> {
  const { store } = deps;
  if (!(await store.collection('containers').deleteOne({ id: containerId }))) return false;
  const positionIds = (await store.collection('positions').find({ containerId }, { projection: { id: 1 } })).map((p) => p.id);
  // Personal data first, as the entity schemas tag it (applications, files, skill answers,
  // conversations, notifications, kept mail copies).
  await removeOrganisationData(deps, containerId);
  // Each delete by filter is idempotent (the driver never retries deleteMany). A run cut
  // short after the container's own delete cannot be called again (404) and leaves rows of
  // a container that no longer exists; nothing reads them (every read starts from its
  // container), and the personal data went first, above.
  if (positionIds.length) await store.collection('positionForms').deleteMany({ positionId: { $in: positionIds } });
  for (const name of ['positions', 'positionPermissions', 'memberships', 'folders', 'assets', 'skills', 'skillCollections', 'positionSkills', 'invitations', 'scoreCriteria', 'interviewKits', 'accessibilityStatements', 'accessibilityReports', 'scimSettings', 'scimUsers', 'ssoSettings', 'webhooks', 'webhookDeliveries']) {
    await store.collection(name).deleteMany({ containerId });
  }
  // Its API keys stop working with it (integrations/api-keys.ts).
  await store.collection('apiKeys').deleteMany({ containerId });
  return true;
}
