import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { findUserByEmail, findUserById, isEmailProven, type UserDoc } from '../../auth/users';
import { accountRights } from '../../domain/accounts/users';
import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { loadContainer } from '../../domain/organisations/containers';
import { dropInvitation, invite, sendNotice } from '../../domain/accounts/invitations';
import { membershipById, membershipOf, positionPermissionsOf, removeMembership, removePositionPermission, setPositionPermission, upsertMembership, usersById } from '../../domain/accounts/memberships';

const POSITION_PERMISSION = { 1: 'Administrator', 2: 'Write' } as const;

/**
 * The member of the organisation with this address. An address without an account and one of
 * someone outside get the same answer, at the e-mail field (details) where the dialog that asks
 * shows it: an administrator learns nothing of who has an account elsewhere.
 */
async function memberByEmail(ctx: ActionContext, containerId: number, email: string): Promise<UserDoc> {
  const user = await findUserByEmail(ctx.deps.store, email);
  if (!user || !(await membershipOf(ctx.deps.store, containerId, user.id))) throw errors.notFound(sv.server.notMember, [{ path: '/email', message: sv.server.notMember }]);
  return user;
}

/** The account form's fields (schemas/screens/user-edit.json), all read-only when the caller may change none. */
const ACCOUNT_FIELDS = ['email', 'firstname', 'lastname', 'phoneNumber', 'title', 'password'] as const;

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
    if (known && (await membershipOf(ctx.deps.store, data.containerId, known.id))) {
      throw errors.conflict(sv.org.alreadyMember, [{ path: '/email', message: sv.org.alreadyMember }]);
    }
    if (known && isEmailProven(known)) {
      const row = await upsertMembership(ctx.deps.store, data.containerId, known, () => ids);
      // An invitation still pending for the address is moot now.
      await dropInvitation(ctx.deps.store, data.containerId, known.email);
      await sendNotice(ctx.deps, container, known.email, row.permissionIds as number[], ctx.principal);
      return { status: 'added' as const, id: row.id, userId: known.id, email: known.email, permissionIds: row.permissionIds as number[] };
    }
    const inv = await invite(ctx.deps, container, data.email, ids, ctx.principal, { firstname: data.firstname, lastname: data.lastname });
    return { status: 'invited' as const, id: inv.id, email: inv.email, permissionIds: inv.permissionIds };
  },

  /** One member of the organisation (`id`: the membership id) with their account details. */
  async get_containerUser(ctx, data) {
    const row = await membershipById(ctx.deps.store, data.containerId, data.id);
    if (!row) throw errors.notFound(sv.server.notMember);
    const u = await findUserById(ctx.deps.store, row.userId as number);
    if (!u) throw errors.notFound(sv.server.notMember);
    const rights = await accountRights(ctx, u);
    const locked = !rights.details ? ACCOUNT_FIELDS : !rights.email ? (['email', 'password'] as const) : [];
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
      locked: [...locked],
      lockedNote: locked.length ? (rights.reason ?? '') : '',
    };
  },

  async update_ContainerUserPermissionsCommand(ctx, data) {
    // Changes a member's rights only: a right for someone outside goes through
    // create_userContainerPermission, which never hands it to an unproven account.
    const user = await memberByEmail(ctx, data.containerId, data.email);
    return upsertMembership(ctx.deps.store, data.containerId, user, () => data.permissionIds);
  },

  async delete_userContainerPermission(ctx, data) {
    const row = await removeMembership(ctx.deps.store, data.containerId, data.id);
    return { id: row.id, deleted: true };
  },

  async create_positionPermission(ctx, data) {
    const containerId = ctx.resolved.containerId!;
    const user = await memberByEmail(ctx, containerId, data.email);
    return setPositionPermission(ctx.deps.store, containerId, data.positionId, user, POSITION_PERMISSION[data.permissionId]);
  },

  /**
   * Takes a right away by address, a member's or someone's who has left. An address without an
   * account and one without a right on the position get the same answer, at the e-mail field:
   * the answer tells only what the position's list of rights already shows.
   */
  async delete_positionPermission(ctx, data) {
    const user = await findUserByEmail(ctx.deps.store, data.email);
    if (!user || !(await removePositionPermission(ctx.deps.store, data.positionId, user.id))) {
      throw errors.notFound(sv.server.noPositionRight, [{ path: '/email', message: sv.server.noPositionRight }]);
    }
    return { positionId: data.positionId, email: user.email, deleted: true };
  },

  async get_positionPermissions(ctx, data) {
    const rows = await positionPermissionsOf(ctx.deps.store, data.positionId);
    const byId = await usersById(ctx.deps.store, rows.map((r) => r.userId));
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
