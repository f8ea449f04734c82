import { bumpTokenVersion, type UserDoc } from '../auth/users';
import type { Store } from '../store/port';

/** Makes a user Administrator (permission id 1) of a new organisation; their next call sees it. */
export async function addAdministrator(store: Store, containerId: number, user: UserDoc): Promise<void> {
  await store.collection('memberships').insertOne({
    id: await store.nextSequence('memberships'),
    containerId,
    userId: user.id,
    email: user.email,
    permissionIds: [1],
  });
  await bumpTokenVersion(store, user.id);
}
