import type { Store } from '../../store/port';

/**
 * Reads kept while the collections they came from are unchanged (Store.generation: the
 * embedded store, the only writer of its data). On a store without generations (mongo, where
 * other instances write) every call reads. Values are shared by every caller: read-only.
 *
 * The apply path reads the same position, organisation and recipients for every application;
 * measured (scripts/bench/server-apply) these reads were about 0.2 ms of each.
 */
interface Entry {
  stamp: string;
  value: unknown;
}

const MAX_ENTRIES = 500;
const caches = new WeakMap<Store, Map<string, Entry>>();

/** The generations of `collections`, or null when the store has none. */
export function stampOf(store: Store, collections: readonly string[]): string | null {
  if (!store.generation) return null;
  return collections.map((c) => store.generation!(c)).join(':');
}

export async function cachedRead<T>(store: Store, key: string, collections: readonly string[], read: () => Promise<T>): Promise<T> {
  const stamp = stampOf(store, collections);
  if (stamp === null) return read();
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) return hit.value as T;
  const value = await read();
  // A write that committed while the read was under way leaves the value unstamped.
  if (stampOf(store, collections) === stamp) {
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { stamp, value });
  }
  return value;
}
