import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import containerAnswer from '../../../schemas/answers/container.json' with { type: 'json' };
import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { PERMISSIONS, type PermissionName } from '../../domain/accounts/access';
import { errors } from '../../errors';
import { defaultApplicationMetadata } from '../../domain/demo/demo';
import { containerNameTaken, insertContainer, listContainers, loadContainer, newContainerDoc, updateContainer } from '../../domain/organisations/containers';
import { membershipOf, membershipsOfContainer, membershipsOfUser, usersById } from '../../domain/accounts/memberships';
import { startWithDefaultEmailTemplates } from '../../domain/mail/default-email-templates';
import { addAdministrator } from '../../domain/organisations/odin';
import { findUserByEmail, isEmailProven } from '../../auth/users';
import { invite, sendNotice } from '../../domain/accounts/invitations';
import { removeOrganisation } from '../../domain/gdpr/removal';
import { encodeTemplate, ensureFolder, saveTemplate, TEMPLATES_FOLDER } from '../../domain/templates/templates';
import { seedReferenceTemplate } from '../../domain/templates/reference-template';
import { strip, type ContainerDoc } from '../../domain/core/docs';
import { cleanProfile } from '../../domain/organisations/profile';
import { effectiveTheme } from '../../../engine/theme';

const ALL: PermissionName[] = ['Administrator', 'Write', 'Read'];

/**
 * What an organisation's document shows its staff: the keys its answer schema declares
 * (schemas/answers/container.json). Settings other screens keep on the document (the analysis
 * view's switch, the retention periods) have answers of their own and stay out of this one.
 */
const VIEW_KEYS = new Set(Object.keys(containerAnswer.properties));
const containerView = (c: ContainerDoc): ContainerDoc => Object.fromEntries(Object.entries(c).filter(([k]) => VIEW_KEYS.has(k))) as ContainerDoc;
const names = (ids: number[]) => ids.map((id) => PERMISSIONS[id as 1 | 2 | 3]).filter(Boolean);

async function myPermissions(ctx: ActionContext, containerId: number): Promise<PermissionName[]> {
  if (ctx.principal.isOdin) return ALL;
  const m = await membershipOf(ctx.deps.store, containerId, ctx.principal.userId);
  return names((m?.permissionIds as number[] | undefined) ?? []);
}

/** A container's users with their permissions (get_container's `permissions`). */
async function members(ctx: ActionContext, containerId: number) {
  const rows = await membershipsOfContainer(ctx.deps.store, containerId);
  const byId = await usersById(ctx.deps.store, rows.map((r) => r.userId));
  return rows.map((r) => {
    const u = byId.get(r.userId);
    const ids = (r.permissionIds as number[]) ?? [];
    return {
      id: r.id,
      userId: r.userId,
      containerId,
      email: r.email,
      firstname: u?.firstname ?? '',
      lastname: u?.lastname ?? '',
      phoneNumber: u?.phoneNumber ?? '',
      title: u?.title ?? '',
      permissionIds: ids,
      permissionId: Math.min(...ids),
      permissions: names(ids),
    };
  });
}

/** Every new organisation gets the default application form as its first template, and the default reference form ('Referens'). */
async function seedTemplates(ctx: ActionContext, c: ContainerDoc) {
  const folder = await ensureFolder(ctx.deps.store, c.id, TEMPLATES_FOLDER);
  const template = {
    key: 'template_standard',
    name: sv.domain.demoTemplateName,
    description: sv.domain.demoTemplateDescription,
    folderId: folder.id,
    availableInPositionTypes: (c.positionTypes ?? []).map((t) => ({ positionTypeId: t.id, positionTypeName: t.name, included: true, default: true })),
    metadata: defaultApplicationMetadata(),
  };
  const author = `${ctx.principal.givenName} ${ctx.principal.familyName}`.trim() || ctx.principal.email;
  await saveTemplate(ctx.deps, c, folder, { folderId: folder.id, containerId: c.id, name: template.name, data: encodeTemplate(template) }, author);
  await seedReferenceTemplate(ctx.deps, c, folder, author);
}

export const actions: ActionTable = {
  async get_containers(ctx) {
    if (ctx.principal.isOdin) {
      return (await listContainers(ctx.deps.store)).map((c) => ({ ...strip(c), myPermissions: ALL }));
    }
    const mine = await membershipsOfUser(ctx.deps.store, ctx.principal.userId);
    const perms = new Map(mine.map((m) => [m.containerId, names(m.permissionIds)]));
    const list = await listContainers(ctx.deps.store, [...perms.keys()]);
    return list.map((c) => ({ ...strip(c), myPermissions: perms.get(c.id) ?? [] }));
  },

  async get_container(ctx, data) {
    const c = await loadContainer(ctx.deps.store, data.id);
    return {
      ...containerView(c),
      theme: effectiveTheme(c.theme),
      permissions: await members(ctx, c.id),
      myPermissions: await myPermissions(ctx, c.id),
    };
  },

  async create_container(ctx, data) {
    const taken = () => errors.conflict(sv.server.containerNameTaken, [{ path: '/name', message: sv.server.containerNameTaken }]);
    if (await containerNameTaken(ctx.deps.store, data.name)) throw taken();
    // Only a proven address becomes Administrator at once; anyone else is invited (staff cannot register).
    const known = data.adminEmail ? await findUserByEmail(ctx.deps.store, data.adminEmail) : null;
    const admin = known && isEmailProven(known) ? known : null;
    const doc = await newContainerDoc(ctx.deps.store, { name: data.name, displayName: data.displayName ?? data.name, plans: data.plans });
    if (!(await insertContainer(ctx.deps.store, doc))) throw taken();
    await seedTemplates(ctx, doc);
    await startWithDefaultEmailTemplates(ctx.deps, doc, `${ctx.principal.givenName} ${ctx.principal.familyName}`.trim() || ctx.principal.email);
    let invitedAdmin: string | undefined;
    if (admin) {
      await addAdministrator(ctx.deps.store, doc.id, admin);
      await sendNotice(ctx.deps, doc, admin.email, [1], ctx.principal);
    } else if (data.adminEmail) {
      invitedAdmin = (await invite(ctx.deps, doc, data.adminEmail, [1], ctx.principal, { firstname: data.adminFirstname, lastname: data.adminLastname })).email;
    }
    return { ...containerView(doc), theme: effectiveTheme(undefined), permissions: await members(ctx, doc.id), myPermissions: ALL, ...(invitedAdmin ? { invitedAdmin } : {}) };
  },

  async delete_container(ctx, data) {
    const containerId = data.id;
    if (data.confirmName !== undefined && data.confirmName !== (await loadContainer(ctx.deps.store, containerId)).name) {
      throw errors.invalid([{ path: '/confirmName', message: sv.odin.confirmMismatch }], sv.odin.confirmMismatch);
    }
    // The container goes first (a 404 from then on), then everything of it (domain/removal.ts).
    if (!(await removeOrganisation(ctx.deps, containerId))) throw errors.notFound();
    return { id: containerId, deleted: true };
  },

  async create_containerMetadata(ctx, data) {
    const c = await loadContainer(ctx.deps.store, data.id);
    // Checked and sanitised first (domain/profile.ts): a bad field refuses the whole save.
    const { displayName, ...profile } = await cleanProfile(ctx.deps.store, c.id, data.metadata);
    const set: Record<string, unknown> = { profile: { ...(c.profile ?? {}), ...profile } };
    if (typeof displayName === 'string' && displayName) set.displayName = displayName;
    if (data.theme) set.theme = data.theme;
    if (data.messages) {
      const messages = { ...(c.messages ?? {}) };
      for (const [k, v] of Object.entries(data.messages)) {
        if (v.trim() === '') delete messages[k];
        else messages[k] = v;
      }
      set.messages = messages;
    }
    const updated = await updateContainer(ctx.deps.store, c.id, { $set: set });
    return { ...containerView(updated), theme: effectiveTheme(updated.theme) };
  },

  async get_containerTheme(ctx, data) {
    return effectiveTheme((await loadContainer(ctx.deps.store, data.containerId)).theme);
  },

  async update_containerTheme(ctx, data) {
    const updated = await updateContainer(ctx.deps.store, data.containerId, { $set: { theme: data.theme } });
    return effectiveTheme(updated.theme);
  },

  async reset_containerTheme(ctx, data) {
    await updateContainer(ctx.deps.store, data.containerId, { $unset: { theme: true } });
    return effectiveTheme(undefined);
  },
};
