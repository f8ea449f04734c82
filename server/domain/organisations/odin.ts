import type { UserDoc } from '../../auth/users';
import type { Store } from '../../store/port';

/** Makes a user Administrator (permission id 1) of a new organisation; rights are read per call, so their session sees it at once. */
export async function addAdministrator(store: Store, containerId: number, user: UserDoc): Promise<void> {
  await store.collection('memberships').insertOne({
    id: await store.nextSequence('memberships'),
    containerId,
    userId: user.id,
    email: user.email,
    permissionIds: [1],
  });
}
