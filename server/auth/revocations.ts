import type { Store } from '../store/port';

/**
 * Sessions ended on the server (logout, password change or reset, a rights change) are
 * announced here, per store, so the real-time hub closes or re-checks that user's sockets at
 * once instead of at its next heartbeat. Keyed by the store so that two apps in one process
 * (tests) never hear each other.
 */
type Listener = (userId: number) => void;
const listeners = new WeakMap<Store, Set<Listener>>();

export function onSessionsRevoked(store: Store, listener: Listener): () => void {
  let set = listeners.get(store);
  if (!set) listeners.set(store, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export function announceSessionsRevoked(store: Store, userId: number): void {
  for (const listener of listeners.get(store) ?? []) listener(userId);
}
