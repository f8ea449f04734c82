import type { Store } from '../../../server/store/port';

/** Every collection of docs/collections.md (plus what the framework adds). */
export const COLLECTIONS = [
  'containers',
  'users',
  'memberships',
  'positionPermissions',
  'positions',
  'positionForms',
  'applications',
  'folders',
  'assets',
  'notifications',
  'counters',
] as const;

/** Document counts of every collection, to show that a refused call stored nothing. */
export async function countAll(store: Store): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of COLLECTIONS) out[name] = await store.collection(name).count({});
  return out;
}

/** A response that reveals server internals: a stack frame, a source path or an engine error. */
export const LEAK = /\n\s+at |\bat .+:\d+:\d+|node_modules|\.ts:\d+|\.js:\d+|MongoServerError|E11000|TypeError|ReferenceError/;
