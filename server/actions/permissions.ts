import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { bumpTokenVersion, findUserByEmail, isEmailProven, type UserDoc } from '../auth/users';
import type { ActionContext, ActionTable } from '../dispatcher/types';
import { errors } from '../errors';
import { DuplicateKeyError } from '../store/port';
import type { MembershipDoc, PositionPermissionDoc } from '../domain/docs';
import { loadContainer } from '../domain/containers';
import { invitations, invite, sendNotice } from '../domain/invitations';

const POSITION_PERMISSION = { 1: 'Administrator', 2: 'Write' } as const;

async function registeredUser(ctx: ActionContext, email: string): Promise<UserDoc> {
  const user = await findUserByEmail(ctx.deps.store, email);
  if (!user) throw errors.notFound(sv.account.userNotFound);
  return user;
}

/** Refuses a change that would leave the organisation without an Administrator. */
async function keepAnAdmin(ctx: ActionContext, containerId: number, changedUserId: number, nextIds: number[]) {
  if (nextIds.includes(1)) return;
  const admins = await ctx.deps.store.collection('memberships').find({ containerId, permissionIds: 1 }, { projection: { userId: 1 } });
  if (admins.length > 0 && admins.every((a) => a.userId === changedUserId)) throw errors.conflict(sv.server.lastAdmin);
}

/** The strongest right held (1 Administrator ⊇ 2 Write ⊇ 3 Read); 4 for none. */
const level = (ids: number[]) => Math.min(4, ...ids);

/** Adds or replaces a membership; a unique index race ends in the same single row. */
async function upsertMembership(ctx: ActionContext, containerId: number, user: UserDoc, permissionIds: (ids: number[]) => number[]): Promise<MembershipDoc> {
  const memberships = ctx.deps.store.collection<MembershipDoc>('memberships');
  const current = await memberships.findOne({ containerId, userId: user.id });
  const nextIds = [...new Set(permissionIds((current?.permissionIds as number[] | undefined) ?? []))].sort();
  if (current) await keepAnAdmin(ctx, containerId, user.id, nextIds);
  let saved: MembershipDoc | null;
  if (current) {
    saved = await memberships.updateOne({ id: current.id }, { $set: { permissionIds: nextIds, email: user.email } });
  } else {
    try {
      saved = await memberships.insertOne({ id: await ctx.deps.store.nextSequence('memberships'), containerId, userId: user.id, email: user.email, permissionIds: nextIds });
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e;
      saved = await memberships.updateOne({ containerId, userId: user.id }, { $set: { permissionIds: nextIds } });
    }
  }
  if (!saved) throw errors.notFound();
  // Rights are read on every call, so an added right needs no new session; a lowered one ends
  // the user's sessions at once (issue 3), and the next login carries only what is left.
  if (level(nextIds) > level((current?.permissionIds as number[] | undefined) ?? [])) await bumpTokenVersion(ctx.deps.store, user.id);
  const { _id, ...row } = saved;
  return row;
}

export const actions: ActionTable = {
  /**
   * Adds a colleague by email. A right given to an email is granted only when the address is
   * proven: an account whose owner has followed a link mailed to it gets the right at once and
   * a notice; anyone else (no account, or an account anyone could have registered with that
   * address) gets an invitation mail, and nothing until its link is followed
   * (domain/invitations.ts). Someone already in the organisation → 409.
   */
  async create_userContainerPermission(ctx, data) {
    const container = await loadContainer(ctx.deps.store, data.containerId);
    if ((data.permissionId === undefined) === (data.permissionIds === undefined)) {
      throw errors.invalid([{ path: '/permissionIds', message: sv.org.permNone }, { path: '/permissionId', message: sv.org.permNone }]);
    }
    const ids: number[] = data.permissionIds ?? (data.permissionId === undefined ? [] : [data.permissionId]);
    const known = await findUserByEmail(ctx.deps.store, data.email);
    if (known && (await ctx.deps.store.collection('memberships').findOne({ containerId: data.containerId, userId: known.id }))) {
      throw errors.conflict(sv.org.alreadyMember, [{ path: '/email', message: sv.org.alreadyMember }]);
    }
    if (known && isEmailProven(known)) {
      const row = await upsertMembership(ctx, data.containerId, known, () => ids);
      // An invitation still pending for the address is moot now.
      await invitations(ctx.deps.store).deleteOne({ containerId: data.containerId, email: known.email });
      await sendNotice(ctx.deps, container, known.email, row.permissionIds as number[], ctx.principal);
      return { status: 'added' as const, id: row.id, userId: known.id, email: known.email, permissionIds: row.permissionIds as number[] };
    }
    const inv = await invite(ctx.deps, container, data.email, ids, ctx.principal);
    return { status: 'invited' as const, id: inv.id, email: inv.email, permissionIds: inv.permissionIds };
  },

  /** One member of the organisation (`id`: the membership id) with their account details. */
  async get_containerUser(ctx, data) {
    const row = await ctx.deps.store.collection('memberships').findOne({ id: data.id, containerId: data.containerId });
    if (!row) throw errors.notFound(sv.server.notMember);
    const u = await ctx.deps.store.collection('users').findOne({ id: row.userId });
    if (!u) throw errors.notFound(sv.server.notMember);
    return {
      id: row.id as number,
      userId: row.userId as number,
      containerId: data.containerId,
      email: u.email as string,
      firstname: (u.firstname as string) ?? '',
      lastname: (u.lastname as string) ?? '',
      phoneNumber: (u.phoneNumber as string) ?? '',
      title: (u.title as string) ?? '',
      permissionIds: ((row.permissionIds as number[]) ?? []) as (1 | 2 | 3)[],
    };
  },

  async update_ContainerUserPermissionsCommand(ctx, data) {
    const user = await registeredUser(ctx, data.email);
    // Changes a member's rights only: a right for someone outside goes through
    // create_userContainerPermission, which never hands it to an unproven account.
    if (!(await ctx.deps.store.collection('memberships').findOne({ containerId: data.containerId, userId: user.id }))) throw errors.notFound(sv.server.notMember);
    return upsertMembership(ctx, data.containerId, user, () => data.permissionIds);
  },

  async delete_userContainerPermission(ctx, data) {
    const memberships = ctx.deps.store.collection<MembershipDoc>('memberships');
    const row = await memberships.findOne({ id: data.id, containerId: data.containerId });
    if (!row) throw errors.notFound(sv.server.notMember);
    await keepAnAdmin(ctx, data.containerId, row.userId as number, []);
    await memberships.deleteOne({ id: row.id });
    // Idempotent delete by filter (the driver never retries it; the caller may).
    await ctx.deps.store.collection('positionPermissions').deleteMany({ containerId: data.containerId, userId: row.userId });
    await bumpTokenVersion(ctx.deps.store, row.userId as number);
    return { id: row.id, deleted: true };
  },

  async create_positionPermission(ctx, data) {
    const containerId = ctx.resolved.containerId!;
    const user = await registeredUser(ctx, data.email);
    const member = await ctx.deps.store.collection('memberships').findOne({ containerId, userId: user.id });
    if (!member) throw errors.notFound(sv.server.notMember);
    const rows = ctx.deps.store.collection<PositionPermissionDoc>('positionPermissions');
    const permissionName = POSITION_PERMISSION[data.permissionId];
    const before = await rows.findOne({ positionId: data.positionId, userId: user.id });
    let saved = await rows.updateOne({ positionId: data.positionId, userId: user.id }, { $set: { permissionName, email: user.email } });
    if (!saved) {
      const doc = { id: await ctx.deps.store.nextSequence('positionPermissions'), containerId, positionId: data.positionId, userId: user.id, email: user.email, permissionName };
      try {
        saved = await rows.insertOne(doc);
      } catch (e) {
        if (!(e instanceof DuplicateKeyError)) throw e;
        saved = await rows.updateOne({ positionId: data.positionId, userId: user.id }, { $set: { permissionName } });
      }
    }
    // Only a lowered right (Administrator → Write) ends the user's sessions; an added one needs no new session.
    if (before?.permissionName === 'Administrator' && permissionName !== 'Administrator') await bumpTokenVersion(ctx.deps.store, user.id);
    const { _id, ...row } = saved!;
    return row;
  },

  async delete_positionPermission(ctx, data) {
    const user = await registeredUser(ctx, data.email);
    const deleted = await ctx.deps.store.collection('positionPermissions').deleteOne({ positionId: data.positionId, userId: user.id });
    if (!deleted) throw errors.notFound();
    await bumpTokenVersion(ctx.deps.store, user.id);
    return { positionId: data.positionId, email: user.email, deleted: true };
  },

  async get_positionPermissions(ctx, data) {
    const rows = await ctx.deps.store.collection<PositionPermissionDoc>('positionPermissions').find({ positionId: data.positionId }, { sort: { id: 1 } });
    const people = await ctx.deps.store.collection<UserDoc>('users').find({ id: { $in: rows.map((r) => r.userId) } });
    const byId = new Map(people.map((u) => [u.id, u]));
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      positionId: r.positionId,
      email: r.email,
      firstname: byId.get(r.userId)?.firstname ?? '',
      lastname: byId.get(r.userId)?.lastname ?? '',
      permissionName: r.permissionName,
    }));
  },
};
