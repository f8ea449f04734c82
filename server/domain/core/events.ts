import type { ServerDeps } from '../../base/deps';
import { pageByKey } from '../../store';
import type { Filter } from '../../store/port';

/**
 * The platform event log (`events`): what happened, who did it (a user id, never a name or
 * an email), when, and in which container. Nothing in an event is personal data about an
 * applicant: the action name, ids of staff users and of containers and positions, and counts.
 * Written after every successful dispatcher write and by the GDPR and retention jobs.
 */
export interface EventDoc {
  [k: string]: unknown;
  id: number;
  at: number;
  action: string;
  /** The staff user who called, or 0 for the system (scheduled jobs). */
  userId: number;
  containerId: number | null;
  positionId: number | null;
  /** Counts only (e.g. `{ applications: 3, blobs: 2 }`). */
  counts?: Record<string, number>;
}

const READ_PREFIXES = ['get_'];

/** Is the action a write worth logging? Reads are not. */
export function isWrite(action: string): boolean {
  return !READ_PREFIXES.some((p) => action.startsWith(p));
}

const indexed = new WeakSet<object>();

interface EventInput {
  action: string;
  userId: number;
  containerId?: number | null;
  positionId?: number | null;
  counts?: Record<string, number>;
  /** The write changed something that exists (its data named an `id`). */
  update?: boolean;
}

/**
 * Writes an editor autosaves after each pause (the form builder's 'Formulärmall sparad'): one
 * event per editing session, not per pause (issue 26). A save by the same user, of the same
 * action in the same container and position, within SESSION_GAP of the last one is that
 * session's: its event moves to now and counts the saves. Only saves of something that
 * exists (an `id` sent) continue a session; a new template starts one.
 */
const SESSIONED = new Set(['create_positionTemplateAssetCommand']);
const SESSION_GAP = 30 * 60;

async function continuesSession(deps: ServerDeps, e: EventInput): Promise<boolean> {
  if (!e.update || !SESSIONED.has(e.action) || e.userId === 0) return false;
  const col = deps.store.collection<EventDoc>('events');
  const filter = { containerId: e.containerId ?? null, action: e.action, userId: e.userId, positionId: e.positionId ?? null };
  const last = await col.findOne(filter, { sort: { id: -1 }, projection: { id: 1, at: 1, counts: 1 } });
  const now = deps.now();
  if (!last || now - last.at > SESSION_GAP) return false;
  return (await col.updateOne({ id: last.id }, { $set: { at: now, counts: { ...last.counts, saves: (last.counts?.saves ?? 1) + 1 } } })) !== null;
}

/** Stores one event; a failure is logged and never fails the call that caused it. */
export async function recordEvent(deps: ServerDeps, e: EventInput): Promise<void> {
  try {
    const col = deps.store.collection<EventDoc>('events');
    if (!indexed.has(deps.store)) {
      await col.ensureIndex({ fields: { id: 1 }, unique: true });
      await col.ensureIndex({ fields: { containerId: 1, id: 1 } });
      indexed.add(deps.store);
    }
    if (await continuesSession(deps, e)) return;
    await col.insertOne({
      id: await deps.store.nextSequence('events'),
      at: deps.now(),
      action: e.action,
      userId: e.userId,
      containerId: e.containerId ?? null,
      positionId: e.positionId ?? null,
      ...(e.counts ? { counts: e.counts } : {}),
    });
  } catch (err) {
    deps.log.warn('event not recorded', { action: e.action, error: (err as Error).name });
  }
}

/** A page of events, newest first; staff names are looked up when read, not stored. */
export async function listEvents(deps: ServerDeps, q: { containerId?: number; containerIds?: number[]; action?: string; after?: number }) {
  const filter: Filter = {};
  if (q.containerId !== undefined) filter.containerId = q.containerId;
  else if (q.containerIds) filter.containerId = { $in: q.containerIds };
  if (q.action) filter.action = q.action;
  const page = await pageByKey(deps.store.collection<EventDoc>('events'), filter, { sortKey: 'id', direction: -1, after: q.after, limit: 30 });
  const ids = [...new Set(page.items.map((e) => e.userId).filter((id) => id > 0))];
  const users = ids.length ? await deps.store.collection('users').find({ id: { $in: ids } }, { projection: { id: 1, firstname: 1, lastname: 1, email: 1 } }) : [];
  const byId = new Map(users.map((u) => [u.id as number, `${u.firstname ?? ''} ${u.lastname ?? ''}`.trim() || String(u.email)]));
  return {
    items: page.items.map(({ _id, ...e }) => ({ ...e, who: e.userId === 0 ? 'System' : (byId.get(e.userId) ?? `#${e.userId}`) })),
    next: page.next as number | null,
  };
}
