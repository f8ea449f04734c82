import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { bumpTokenVersion, type UserDoc } from '../../auth/users';
import { errors } from '../../errors';
import { DuplicateKeyError, type Store } from '../../store/port';
import type { MembershipDoc, PositionPermissionDoc } from '../core/docs';

/**
 * A user's rights in an organisation (`memberships`) and on one position
 * (`positionPermissions`): the store side of server/actions/permissions.ts and containers.ts.
 */
const memberships = (store: Store) => store.collection<MembershipDoc>('memberships');
const positionPermissions = (store: Store) => store.collection<PositionPermissionDoc>('positionPermissions');

/** The user's membership of the container, or null. */
export function membershipOf(store: Store, containerId: number, userId: number): Promise<MembershipDoc | null> {
  return memberships(store).findOne({ containerId, userId });
}

/** The membership by its id within the container, or null. */
export function membershipById(store: Store, containerId: number, id: number): Promise<MembershipDoc | null> {
  return memberships(store).findOne({ id, containerId });
}

/** A container's memberships in id order. */
export function membershipsOfContainer(store: Store, containerId: number): Promise<MembershipDoc[]> {
  return memberships(store).find({ containerId }, { sort: { id: 1 } });
}

/** Every membership the user holds. */
export function membershipsOfUser(store: Store, userId: number): Promise<MembershipDoc[]> {
  return memberships(store).find({ userId });
}

/** The users with these ids, by id. */
export async function usersById(store: Store, ids: number[]): Promise<Map<number, UserDoc>> {
  const people = await store.collection<UserDoc>('users').find({ id: { $in: ids } });
  return new Map(people.map((u) => [u.id, u]));
}

/** Refuses a change that would leave the organisation without an Administrator. */
async function keepAnAdmin(store: Store, containerId: number, changedUserId: number, nextIds: number[]) {
  if (nextIds.includes(1)) return;
  const admins = await memberships(store).find({ containerId, permissionIds: 1 }, { projection: { userId: 1 } });
  if (admins.length > 0 && admins.every((a) => a.userId === changedUserId)) throw errors.conflict(sv.server.lastAdmin);
}

/** The strongest right held (1 Administrator ⊇ 2 Write ⊇ 3 Read); 4 for none. */
const level = (ids: number[]) => Math.min(4, ...ids);

/** Adds or replaces a membership; a unique index race ends in the same single row. */
export async function upsertMembership(store: Store, containerId: number, user: UserDoc, permissionIds: (ids: number[]) => number[]): Promise<MembershipDoc> {
  const rows = memberships(store);
  const current = await rows.findOne({ containerId, userId: user.id });
  const nextIds = [...new Set(permissionIds((current?.permissionIds as number[] | undefined) ?? []))].sort();
  if (current) await keepAnAdmin(store, containerId, user.id, nextIds);
  let saved: MembershipDoc | null;
  if (current) {
    saved = await rows.updateOne({ id: current.id }, { $set: { permissionIds: nextIds, email: user.email } });
  } else {
    try {
      saved = await rows.insertOne({ id: await store.nextSequence('memberships'), containerId, userId: user.id, email: user.email, permissionIds: nextIds });
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e;
      saved = await rows.updateOne({ containerId, userId: user.id }, { $set: { permissionIds: nextIds } });
    }
  }
  if (!saved) throw errors.notFound();
  // Rights are read on every call, so an added right needs no new session; a lowered one ends
  // the user's sessions at once (issue 3), and the next login carries only what is left.
  if (level(nextIds) > level((current?.permissionIds as number[] | undefined) ?? [])) await bumpTokenVersion(store, user.id);
  const { _id, ...row } = saved;
  return row;
}

/**
 * Ends a membership with the member's position rights and sessions; never the last
 * Administrator's, unless `evenLastAdmin` (the organisation's identity provider says the person
 * has left: SCIM, domain/provisioning/scim-users.ts; odin can name a new administrator).
 */
export async function removeMembership(store: Store, containerId: number, id: number, opts: { evenLastAdmin?: boolean } = {}): Promise<MembershipDoc> {
  const row = await memberships(store).findOne({ id, containerId });
  if (!row) throw errors.notFound(sv.server.notMember);
  if (!opts.evenLastAdmin) await keepAnAdmin(store, containerId, row.userId, []);
  await memberships(store).deleteOne({ id: row.id });
  // Idempotent delete by filter (the driver never retries it; the caller may).
  await positionPermissions(store).deleteMany({ containerId, userId: row.userId });
  await bumpTokenVersion(store, row.userId);
  return row;
}

/** Sets a member's right on a position; a unique index race ends in the same single row. */
export async function setPositionPermission(store: Store, containerId: number, positionId: number, user: UserDoc, permissionName: PositionPermissionDoc['permissionName']) {
  const rows = positionPermissions(store);
  const before = await rows.findOne({ positionId, userId: user.id });
  let saved = await rows.updateOne({ positionId, userId: user.id }, { $set: { permissionName, email: user.email } });
  if (!saved) {
    const doc = { id: await store.nextSequence('positionPermissions'), containerId, positionId, userId: user.id, email: user.email, permissionName };
    try {
      saved = await rows.insertOne(doc);
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e;
      saved = await rows.updateOne({ positionId, userId: user.id }, { $set: { permissionName } });
    }
  }
  // Only a lowered right (Administrator → Write) ends the user's sessions; an added one needs no new session.
  if (before?.permissionName === 'Administrator' && permissionName !== 'Administrator') await bumpTokenVersion(store, user.id);
  const { _id, ...row } = saved!;
  return row;
}

/** Takes a user's right on a position away and ends their sessions; false when there was none. */
export async function removePositionPermission(store: Store, positionId: number, userId: number): Promise<boolean> {
  const deleted = await positionPermissions(store).deleteOne({ positionId, userId });
  if (deleted) await bumpTokenVersion(store, userId);
  return Boolean(deleted);
}

/** A position's rights in id order. */
export function positionPermissionsOf(store: Store, positionId: number): Promise<PositionPermissionDoc[]> {
  return positionPermissions(store).find({ positionId }, { sort: { id: 1 } });
}
