import { hostname } from 'node:os';
import type { Store } from '../store/port';

/**
 * Heartbeats of the running instances in the store's `instances` collection, so an instance
 * knows at start whether a peer is serving on the same database (server/deployment/checks.ts).
 *
 * An instance is its host and DATA_DIR: the same server restarted after a crash replaces its
 * own heartbeat instead of meeting it as a peer. Liveness is judged by a beat counter that
 * moves, not by comparing the peer's clock with ours (a clock minutes off on one machine
 * would make a live peer look dead or a dead one alive): a recent-looking heartbeat is read
 * again after one beat, and the peer is alive when its counter moved meanwhile.
 */

const INSTANCES = 'instances';
const BEAT_MS = 5_000;
/** Heartbeats this old (by any clock we could be off by) are not worth waiting a beat for. */
const RECENT_MS = 15 * 60 * 1000;

type InstanceDoc = {
  key: string;
  host: string;
  pid: number;
  beat: number;
  seen: number;
};

export function instanceKey(dataDir: string): string {
  return `${hostname()}:${dataDir}`;
}

const pause = (ms: number) => new Promise((res) => setTimeout(res, ms));

/** A peer whose counter has not moved in this many beats is dead; a live one under load may miss a beat or two. */
const PATIENCE_BEATS = 3;

/**
 * Whether another instance beats on this store now. When one might, its counter is read again
 * every half beat: alive as soon as it moved (about one beat), dead when it stood still for
 * PATIENCE_BEATS beats. A single re-read after 1.5 beats called a live but busy peer dead.
 */
export async function peerAlive(store: Store, self: string, nowMs = Date.now(), beatMs = BEAT_MS): Promise<boolean> {
  const col = store.collection<InstanceDoc>(INSTANCES);
  const others = await col.find({ key: { $ne: self }, seen: { $gt: nowMs - RECENT_MS } }, { projection: { key: 1, beat: 1 } });
  if (others.length === 0) return false;
  const before = new Map(others.map((o) => [o.key, o.beat]));
  const until = Date.now() + beatMs * PATIENCE_BEATS;
  while (Date.now() < until) {
    await pause(beatMs / 2);
    const again = await col.find({ key: { $in: others.map((o) => o.key) } }, { projection: { key: 1, beat: 1 } });
    if (again.some((o) => o.beat !== before.get(o.key))) return true;
  }
  return false;
}

/** Beats every few seconds until stopped (`first`: the first beat is stored); stopping removes this instance's heartbeat. */
export function startHeartbeat(store: Store, self: string, beatMs = BEAT_MS): { first: Promise<unknown>; stop(): Promise<void> } {
  const col = store.collection<InstanceDoc>(INSTANCES);
  const beat = () =>
    col.updateOne({ key: self }, { $set: { host: hostname(), pid: process.pid, seen: Date.now() }, $inc: { beat: 1 } }, { upsert: true }).catch(() => null);
  const first = beat();
  const timer = setInterval(() => void beat(), beatMs);
  timer.unref();
  return {
    first,
    async stop() {
      clearInterval(timer);
      await col.deleteOne({ key: self }).catch(() => 0);
    },
  };
}
