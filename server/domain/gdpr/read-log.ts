import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import type { ServerDeps } from '../../base/deps';
import type { Store } from '../../store/port';
import type { ReadLogEntry as GeneratedEntry } from '../../../schemas/generated/entities';

/**
 * The read log (issue 28 item 5): every staff read of an applicant — the applicant page, a
 * file, an export, a search or list that returned them, the full personnummer, protected
 * contact data — as { who, role, when, kind, application id }, never what was read. Tagged as
 * personal data (schemas/entities/read-log-entry.json): it goes with the application on every
 * removal path and is listed in the person's GDPR export; the daily job drops entries older
 * than 12 months (pruneReadLog).
 *
 * Writes are cheap for the read they record: entries are buffered and written together, one
 * insertMany per turn of the event loop, after the answer went out. Nothing is lost: a failed
 * write keeps its entries for the next one, and everything that reads the log, exports or
 * erases a person waits for the buffer first (flushReadLog).
 */

/** One entry, as schemas/entities/read-log-entry.json declares it. */
type ReadLogEntry = GeneratedEntry & Record<string, unknown>;
export type ReadKind = ReadLogEntry['kind'];
type ReaderRole = ReadLogEntry['role'];

/** Who reads: the staff account, its role and the organisation the read was checked in; an API key's reads name the key (and its creator as the account). */
export interface Reader {
  userId: number;
  containerId: number;
  role?: ReaderRole;
  apiKeyId?: number;
}

interface Buffer {
  entries: ReadLogEntry[];
  scheduled: boolean;
  writing: Promise<void>;
}

const buffers = new WeakMap<Store, Buffer>();
const YEAR_S = 365 * 24 * 60 * 60;
/** Most entries written by one insert. */
const MAX_BATCH = 1000;

function bufferOf(store: Store): Buffer {
  let b = buffers.get(store);
  if (!b) buffers.set(store, (b = { entries: [], scheduled: false, writing: Promise.resolve() }));
  return b;
}

async function liveIds(store: Store, batch: readonly ReadLogEntry[]): Promise<Set<number>> {
  const ids = [...new Set(batch.map((e) => e.applicantId))];
  const docs = await store.collection<{ id: number }>('applications').find({ id: { $in: ids } }, { projection: { id: 1 } });
  return new Set(docs.map((d) => d.id));
}

async function write(deps: Pick<ServerDeps, 'store' | 'log'>, b: Buffer): Promise<void> {
  while (b.entries.length) {
    const batch = b.entries.splice(0, MAX_BATCH);
    try {
      // A read recorded while its application was being erased would land after the removal
      // flushed and deleted the log: entries of an application that is gone are dropped
      // (removal.ts flushes and deletes once more after the applications, for one mid-write).
      const live = await liveIds(deps.store, batch);
      const kept = batch.filter((e) => live.has(e.applicantId));
      if (kept.length) await deps.store.collection<ReadLogEntry>('readLog').insertMany(kept);
    } catch (err) {
      // Kept for the next write (the next read, export or erasure flushes again).
      b.entries.unshift(...batch);
      deps.log.error('read log write failed', { error: (err as Error).name, entries: batch.length });
      return;
    }
  }
}

function schedule(deps: Pick<ServerDeps, 'store' | 'log'>, b: Buffer): void {
  if (b.scheduled) return;
  b.scheduled = true;
  setImmediate(() => {
    b.scheduled = false;
    b.writing = b.writing.then(() => write(deps, b));
  });
}

/** Records that `reader` read these applications (`kind`); returns at once, the write follows. */
export function recordReads(deps: Pick<ServerDeps, 'store' | 'log' | 'now'>, reader: Reader, kind: ReadKind, applicantIds: readonly number[]): void {
  if (!applicantIds.length) return;
  const b = bufferOf(deps.store);
  const at = deps.now();
  const role = reader.role ?? 'read';
  const key = reader.apiKeyId === undefined ? {} : { apiKeyId: reader.apiKeyId };
  for (const applicantId of new Set(applicantIds)) b.entries.push({ containerId: reader.containerId, applicantId, userId: reader.userId, role, kind, at, ...key });
  schedule(deps, b);
}

/** Waits until every recorded read is in the store (before the log is read, exported or erased). */
export async function flushReadLog(deps: Pick<ServerDeps, 'store' | 'log'>): Promise<void> {
  const b = buffers.get(deps.store);
  if (!b) return;
  b.writing = b.writing.then(() => write(deps, b));
  await b.writing;
}

/** An application's read log for its organisation's administrator: newest first, with the reader's name (an API key's read: the key's name and who made it). */
export async function readLogOf(deps: ServerDeps, applicantId: number) {
  await flushReadLog(deps);
  const entries = await deps.store.collection<ReadLogEntry>('readLog').find({ applicantId }, { sort: { at: -1 }, limit: 500 });
  const users = await deps.store
    .collection<{ id: number; email?: string; givenName?: string; familyName?: string }>('users')
    .find({ id: { $in: [...new Set(entries.map((e) => e.userId))] } }, { projection: { id: 1, email: 1, givenName: 1, familyName: 1 } });
  const name = new Map(users.map((u) => [u.id, `${u.givenName ?? ''} ${u.familyName ?? ''}`.trim() || (u.email ?? '')]));
  const keyIds = [...new Set(entries.flatMap((e) => (e.apiKeyId === undefined ? [] : [e.apiKeyId])))];
  const keys = keyIds.length ? await deps.store.collection<{ id: number; name: string }>('apiKeys').find({ id: { $in: keyIds } }, { projection: { id: 1, name: 1 } }) : [];
  const keyName = new Map(keys.map((k) => [k.id, k.name]));
  const who = (e: ReadLogEntry) =>
    e.apiKeyId === undefined
      ? (name.get(e.userId) ?? '')
      : fill(sv.privacy.readLog.byApiKey, { key: keyName.get(e.apiKeyId) ?? sv.privacy.readLog.removedKey, user: name.get(e.userId) ?? '' });
  return { items: entries.map((e) => ({ at: e.at, kind: e.kind, role: e.role, userId: e.userId, user: who(e) })) };
}

/** The read log as the person's GDPR export shows it: who by role and organisation, when, what kind, and whether a system read it through an API key — no staff names or ids. */
export function readsForPerson(docs: readonly Record<string, unknown>[], organisation: string) {
  return docs
    .map((d) => ({ at: Number(d.at), kind: String(d.kind), role: String(d.role), organisation, applicantId: Number(d.applicantId), throughApiKey: d.apiKeyId !== undefined }))
    .sort((a, b) => b.at - a.at);
}

/** The daily job: entries older than 12 months go. */
export async function pruneReadLog(deps: Pick<ServerDeps, 'store' | 'log' | 'now'>): Promise<{ erased: number }> {
  await flushReadLog(deps);
  return { erased: await deps.store.collection('readLog').deleteMany({ at: { $lt: deps.now() - YEAR_S } }) };
}
