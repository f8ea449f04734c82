import type { ServerDeps } from '../dispatcher/types';
import type { ApplicationDoc } from './docs';
import { applicationsOnly, BY_EMAIL_ONLY, blobIdsOf, collectPerson, filterFor, HOLDERS, outboxCopiesOf, type Person } from './personal';

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
  const found = await collectPerson(deps, containerId, p);
  const counts: Removed = { blobs: 0, outboxMails: 0 };
  for (const id of blobIdsOf(found)) {
    await deps.blobs.delete(id).catch(() => undefined);
    counts.blobs! += 1;
  }
  for (const copy of outboxCopiesOf(found)) {
    if (await deps.mail.drop?.(copy).catch(() => false)) counts.outboxMails! += 1;
  }
  const ordered = [...found].sort((a, b) => Number(a.holder.application === 'id') - Number(b.holder.application === 'id'));
  for (const { holder } of ordered) {
    const filter = filterFor(holder, containerId, p);
    if (filter) counts[holder.collection] = (counts[holder.collection] ?? 0) + (await deps.store.collection(holder.collection).deleteMany(filter));
  }
  return counts;
}

/** Conversations (holders linked by email only) of the emails that have no application left in the container. */
export async function removeConversationsLeft(deps: ServerDeps, containerId: number, emails: Iterable<string>): Promise<void> {
  const apps = deps.store.collection('applications');
  for (const email of new Set(emails)) {
    if ((await apps.count({ containerId, email })) > 0) continue;
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
export async function removeOrganisationData(deps: ServerDeps, containerId: number): Promise<void> {
  for (const holder of HOLDERS) {
    const col = deps.store.collection(holder.collection);
    const filter = { [holder.container]: containerId };
    if (holder.blobs || holder.outbox) {
      const projection = Object.fromEntries([holder.blobs, holder.outbox].filter((f): f is string => !!f).map((f) => [f, 1 as const]));
      const found = [{ holder, docs: await col.find(filter, { projection }) }];
      for (const id of blobIdsOf(found)) await deps.blobs.delete(id).catch(() => undefined);
      for (const copy of outboxCopiesOf(found)) await deps.mail.drop?.(copy).catch(() => false);
    }
  }
  const ordered = [...HOLDERS].sort((a, b) => Number(a.application === 'id') - Number(b.application === 'id'));
  for (const holder of ordered) await deps.store.collection(holder.collection).deleteMany({ [holder.container]: containerId });
}
