import type { IndexSpec, Store } from '../store/port';

/** The indexes of the collections the framework owns (docs/collections.md). */
const specs: Record<string, IndexSpec[]> = {
  users: [
    { fields: { id: 1 }, unique: true },
    { fields: { email: 1 }, unique: true },
    { fields: { resetTokenHash: 1 } },
  ],
  containers: [
    { fields: { id: 1 }, unique: true },
    { fields: { name: 1 }, unique: true },
  ],
  memberships: [
    { fields: { containerId: 1, userId: 1 }, unique: true },
    { fields: { userId: 1 } },
  ],
  positionPermissions: [
    { fields: { positionId: 1, userId: 1 }, unique: true },
    { fields: { containerId: 1, userId: 1 } },
  ],
  notifications: [{ fields: { containerId: 1, timestamp: 1 } }],
  // Session records (server/auth/sessions.ts): read by id on every token check, listed per user.
  sessions: [{ fields: { id: 1 }, unique: true }, { fields: { userId: 1, tv: 1 } }],
  invitations: [
    { fields: { containerId: 1, email: 1 }, unique: true },
    { fields: { tokenHash: 1 } },
  ],
};

/** Idempotent; run at start-up before the first request. */
export async function ensureFrameworkIndexes(store: Store): Promise<void> {
  for (const [name, list] of Object.entries(specs)) {
    const col = store.collection(name);
    for (const spec of list) await col.ensureIndex(spec);
  }
}
