import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionTable } from '../../dispatcher/types';
import { PERMISSIONS } from '../../domain/accounts/access';
import { errors } from '../../errors';
import { loadContainer } from '../../domain/organisations/containers';
import { deleteInvitation, invitationRow, pendingInvitations, resend } from '../../domain/accounts/invitations';
import { membershipsOfContainer, usersById } from '../../domain/accounts/memberships';

const names = (ids: number[]) => ids.map((id) => PERMISSIONS[id as 1 | 2 | 3]).filter(Boolean);

/** The /admin/users screen's rows: members, then pending invitations (which grant nothing yet). */
export const actions: ActionTable = {
  async get_containerUsers(ctx, data) {
    const { store } = ctx.deps;
    const members = await membershipsOfContainer(store, data.containerId);
    const byId = await usersById(store, members.map((m) => m.userId));
    const pending = await pendingInvitations(store, data.containerId);
    const now = ctx.deps.now();
    return [
      ...members.map((m) => {
        const u = byId.get(m.userId);
        const ids = (m.permissionIds as number[]) ?? [];
        return {
          id: m.id,
          kind: 'member' as const,
          membershipId: m.id,
          userId: m.userId,
          email: m.email as string,
          firstname: u?.firstname ?? '',
          lastname: u?.lastname ?? '',
          title: u?.title ?? '',
          permissionIds: ids,
          permissions: names(ids),
          status: sv.invitations.member,
        };
      }),
      ...pending.map((inv) => {
        const row = invitationRow(inv, now);
        return {
          id: `invitation-${inv.id}`,
          kind: 'invitation' as const,
          invitationId: inv.id,
          email: inv.email,
          firstname: inv.firstname ?? '',
          lastname: inv.lastname ?? '',
          title: '',
          permissionIds: inv.permissionIds,
          permissions: names(inv.permissionIds),
          status: row.expired ? sv.invitations.expired : sv.invitations.pending,
          sentAt: inv.sentAt,
          expires: inv.expires,
        };
      }),
    ];
  },

  async resend_invitation(ctx, data) {
    const container = await loadContainer(ctx.deps.store, data.containerId);
    return invitationRow(await resend(ctx.deps, container, data.id), ctx.deps.now());
  },

  async delete_invitation(ctx, data) {
    if (!(await deleteInvitation(ctx.deps.store, data.containerId, data.id))) throw errors.notFound(sv.invitations.notFound);
    return { id: data.id, deleted: true as const };
  },
};
