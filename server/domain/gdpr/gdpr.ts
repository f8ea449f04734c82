import { parsePersonnummer } from '../../../engine';
import { bumpTokenVersion, findUserByEmail, type UserDoc } from '../../auth/users';
import type { ServerDeps } from '../../base/deps';
import type { Filter, Store } from '../../store/port';
import type { ApplicationDoc } from '../core/docs';
import { enqueueApplicationEvents } from '../webhooks/outbox';
import { deleteAccount } from '../accounts/users';
import { recordEvent } from '../core/events';
import { HOLDERS, type Person } from './personal';
import { removePerson } from './removal';

/**
 * GDPR: finding a person in an organisation, erasing them, and the retention job. Which
 * stored documents are a person's is declared by the entity schemas (server/domain/personal.ts);
 * erasure and retention (retention.ts) remove through the one removal path (server/domain/removal.ts).
 */

/**
 * The person a query names in a container. A personnummer (any accepted spelling) finds
 * every application carrying it, whatever email was used. An email finds that email's
 * applications and conversations; other emails with the same personnummer are reported
 * (`sameSsnEmails`), not taken, since a mistyped personnummer must never erase someone else.
 */
const indexed = new WeakSet<object>();

/** Lookups by email and by personnummer within a container, so a search or erasure never scans every application. */
async function ensureIndexes(deps: ServerDeps): Promise<void> {
  if (indexed.has(deps.store)) return;
  const apps = deps.store.collection('applications');
  await apps.ensureIndex({ fields: { containerId: 1, email: 1 } });
  await apps.ensureIndex({ fields: { containerId: 1, 'info.ssn': 1 } });
  // Whether a candidate account has applications left anywhere (after an erasure).
  await apps.ensureIndex({ fields: { email: 1 } });
  indexed.add(deps.store);
}

export async function findPerson(deps: ServerDeps, containerId: number, query: string): Promise<Person | null> {
  await ensureIndexes(deps);
  const apps = deps.store.collection<ApplicationDoc>('applications');
  const q = query.trim();
  const pnr = parsePersonnummer(q);
  const filter: Filter = pnr ? { containerId, 'info.ssn': pnr.normalized } : { containerId, email: q.toLowerCase() };
  const found = await apps.find(filter, { projection: { id: 1, email: 1, info: 1 } });
  const emails = pnr ? [...new Set(found.map((a) => a.email))] : [q.toLowerCase()];
  const knownSsns = [...new Set(found.map((a) => a.info?.ssn).filter((s): s is string => !!s))];
  if (found.length === 0) {
    // A person with no application may still have a conversation.
    if (pnr) return null;
    const other = await Promise.all(
      HOLDERS.filter((h) => h.person?.email).map((h) => deps.store.collection(h.collection).count({ [h.container]: containerId, [h.person!.email!]: emails[0] })),
    );
    if (!other.some((n) => n > 0)) return null;
  }
  const same = knownSsns.length && !pnr ? await apps.find({ containerId, 'info.ssn': { $in: knownSsns } }, { projection: { email: 1 } }) : [];
  return {
    emails,
    ssns: pnr ? [pnr.normalized] : [],
    applicationIds: found.map((a) => a.id),
    knownSsns,
    sameSsnEmails: [...new Set(same.map((a) => a.email))].filter((e) => !emails.includes(e)),
  };
}

export interface Erased {
  [collection: string]: number;
  blobs: number;
  accounts: number;
}

/**
 * Erases every trace of the person in the container: the holders' documents (blobs first,
 * then the documents that point at them, applications last so a crash midway leaves the
 * person findable for a second run), then a staff-less account the person made only to
 * read their applications here. Records the erasure in the event log with counts only.
 */
export async function erasePerson(deps: ServerDeps, containerId: number, p: Person, byUserId: number, action = 'gdpr_erasure'): Promise<Erased> {
  // Read before they go: the applications (for the organisation's webhooks), the addresses that applied here and when each first did.
  const apps = p.applicationIds.length
    ? await deps.store
        .collection<ApplicationDoc>('applications')
        .find({ containerId, id: { $in: p.applicationIds } }, { projection: { id: 1, containerId: 1, positionId: 1, interestLabelId: 1, processLabelId: 1, email: 1, created: 1 } })
    : [];
  const applied = firstApplications(apps);
  const removed = await removePerson(deps, containerId, p);
  const counts: Erased = { ...removed, blobs: removed.blobs ?? 0, accounts: 0 };
  counts.accounts = await removeCandidateAccounts(deps, applied);
  // The organisation's systems hear of it as of a staff delete or the retention job (ids only; issue 29 item 6).
  await enqueueApplicationEvents(deps, 'application.deleted', apps);
  await recordEvent(deps, { action, userId: byUserId, containerId, counts });
  return counts;
}

/** Each address of the applications and when it first applied in the container. */
function firstApplications(apps: Pick<ApplicationDoc, 'email' | 'created'>[]): Map<string, number> {
  const first = new Map<string, number>();
  for (const a of apps) first.set(a.email, Math.min(first.get(a.email) ?? a.created, a.created));
  return first;
}

/**
 * True while anything still needs the account: a staff right anywhere (organisation or
 * position), an organisation's SCIM link, or an application or conversation of its address in
 * any organisation. An account that is not in use may go (an erasure, a SCIM delete).
 */
export async function accountInUse(store: Store, user: UserDoc): Promise<boolean> {
  const left = await Promise.all([
    store.collection('memberships').count({ userId: user.id }),
    store.collection('positionPermissions').count({ userId: user.id }),
    store.collection('scimUsers').count({ userId: user.id }),
    ...HOLDERS.filter((h) => h.person?.email).map((h) => store.collection(h.collection).count({ [h.person!.email!]: user.email })),
  ]);
  return left.some((c) => c > 0);
}

/**
 * A candidate account goes with the person only when the erasure owns it: an account made
 * after its address first applied in this organisation (so never one of an address that did
 * not apply here, nor one that existed before — someone else may have applied with its
 * address — nor one older than the `created` field), never odin, never an account with a staff
 * right anywhere (organisation or position), never one whose email still has an application
 * or a conversation in any organisation. With the account go the mail copies to its address
 * that no organisation keeps (sign-in and reset mails).
 */
async function removeCandidateAccounts(deps: ServerDeps, applied: Map<string, number>): Promise<number> {
  let n = 0;
  for (const [email, since] of applied) {
    const user = await findUserByEmail(deps.store, email);
    if (!user || user.role === 'odin' || typeof user.created !== 'number' || user.created < since) continue;
    if (await accountInUse(deps.store, user)) continue;
    await bumpTokenVersion(deps.store, user.id);
    n += await deleteAccount(deps.store, user.id);
    await deps.mail.forget?.(email).catch(() => 0);
  }
  return n;
}
