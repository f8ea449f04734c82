import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionContext, ActionTable } from '../dispatcher/types';
import { PERMISSIONS, type PermissionName } from '../dispatcher/policy';
import { errors } from '../errors';
import { DuplicateKeyError } from '../store/port';
import { defaultApplicationMetadata } from '../domain/demo';
import { newContainerDoc } from '../domain/containers';
import { startWithDefaultEmailTemplates } from '../domain/default-email-templates';
import { addAdministrator } from '../domain/odin';
import { findUserByEmail, isEmailProven } from '../auth/users';
import { invite, sendNotice } from '../domain/invitations';
import { removeOrganisationData } from '../domain/removal';
import { encodeTemplate, ensureFolder, saveTemplate, TEMPLATES_FOLDER } from '../domain/templates';
import { strip, type ContainerDoc, type MembershipDoc } from '../domain/docs';
import type { UserDoc } from '../auth/users';
import { cleanProfile } from '../domain/profile';
import { effectiveTheme } from '../../engine/theme';

const ALL: PermissionName[] = ['Administrator', 'Write', 'Read'];
const names = (ids: number[]) => ids.map((id) => PERMISSIONS[id as 1 | 2 | 3]).filter(Boolean);

async function loadContainer(ctx: ActionContext, id: number): Promise<ContainerDoc> {
  const c = await ctx.deps.store.collection<ContainerDoc>('containers').findOne({ id });
  if (!c) throw errors.notFound();
  return c;
}

async function myPermissions(ctx: ActionContext, containerId: number): Promise<PermissionName[]> {
  if (ctx.principal.isOdin) return ALL;
  const m = await ctx.deps.store.collection('memberships').findOne({ containerId, userId: ctx.principal.userId });
  return names((m?.permissionIds as number[] | undefined) ?? []);
}

/** A container's users with their permissions (get_container's `permissions`). */
async function members(ctx: ActionContext, containerId: number) {
  const rows = await ctx.deps.store.collection<MembershipDoc>('memberships').find({ containerId }, { sort: { id: 1 } });
  const people = await ctx.deps.store.collection<UserDoc>('users').find({ id: { $in: rows.map((r) => r.userId) } });
  const byId = new Map(people.map((u) => [u.id, u]));
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

/** Every new organisation gets the default application form as its first template. */
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
}

export const actions: ActionTable = {
  async get_containers(ctx) {
    const containers = ctx.deps.store.collection<ContainerDoc>('containers');
    const projection = { id: 1, name: 1, displayName: 1 } as const;
    if (ctx.principal.isOdin) {
      return (await containers.find({}, { sort: { id: 1 }, projection })).map((c) => ({ ...strip(c), myPermissions: ALL }));
    }
    const mine = await ctx.deps.store.collection<MembershipDoc>('memberships').find({ userId: ctx.principal.userId });
    const perms = new Map(mine.map((m) => [m.containerId as number, names(m.permissionIds as number[])]));
    const list = await containers.find({ id: { $in: [...perms.keys()] } }, { sort: { id: 1 }, projection });
    return list.map((c) => ({ ...strip(c), myPermissions: perms.get(c.id) ?? [] }));
  },

  async get_container(ctx, data) {
    const c = await loadContainer(ctx, data.id);
    return {
      ...strip(c),
      theme: effectiveTheme(c.theme),
      permissions: await members(ctx, c.id),
      myPermissions: await myPermissions(ctx, c.id),
    };
  },

  async create_container(ctx, data) {
    const containers = ctx.deps.store.collection('containers');
    const taken = () => errors.conflict(sv.server.containerNameTaken, [{ path: '/name', message: sv.server.containerNameTaken }]);
    if (await containers.findOne({ name: data.name })) throw taken();
    // Only a proven address becomes Administrator at once; anyone else is invited (staff cannot register).
    const known = data.adminEmail ? await findUserByEmail(ctx.deps.store, data.adminEmail) : null;
    const admin = known && isEmailProven(known) ? known : null;
    const doc = await newContainerDoc(ctx.deps.store, { name: data.name, displayName: data.displayName ?? data.name, plans: data.plans });
    try {
      await containers.insertOne(doc);
    } catch (e) {
      if (e instanceof DuplicateKeyError) throw taken();
      throw e;
    }
    await seedTemplates(ctx, doc);
    await startWithDefaultEmailTemplates(ctx.deps, doc, `${ctx.principal.givenName} ${ctx.principal.familyName}`.trim() || ctx.principal.email);
    let invitedAdmin: string | undefined;
    if (admin) {
      await addAdministrator(ctx.deps.store, doc.id, admin);
      await sendNotice(ctx.deps, doc, admin.email, [1], ctx.principal);
    } else if (data.adminEmail) {
      invitedAdmin = (await invite(ctx.deps, doc, data.adminEmail, [1], ctx.principal)).email;
    }
    return { ...doc, theme: effectiveTheme(undefined), permissions: await members(ctx, doc.id), myPermissions: ALL, ...(invitedAdmin ? { invitedAdmin } : {}) };
  },

  async delete_container(ctx, data) {
    const { store } = ctx.deps;
    const containerId = data.id;
    if (data.confirmName !== undefined && data.confirmName !== (await loadContainer(ctx, containerId)).name) {
      throw errors.invalid([{ path: '/confirmName', message: sv.odin.confirmMismatch }], sv.odin.confirmMismatch);
    }
    // The container goes first: from then on every call about it is a 404, even if the
    // clean-up below is interrupted and leaves orphans behind.
    if (!(await store.collection('containers').deleteOne({ id: containerId }))) throw errors.notFound();
    const positionIds = (await store.collection('positions').find({ containerId }, { projection: { id: 1 } })).map((p) => p.id);
    // Personal data first, as the entity schemas tag it (applications, files, skill answers,
    // conversations, notifications, kept mail copies): server/domain/removal.ts.
    await removeOrganisationData(ctx.deps, containerId);
    // Each delete by filter is idempotent (the driver never retries deleteMany). A run cut
    // short after the container's own delete cannot be called again (404) and leaves rows of
    // a container that no longer exists; nothing reads them (every read starts from its
    // container), and the personal data went first, above.
    if (positionIds.length) await store.collection('positionForms').deleteMany({ positionId: { $in: positionIds } });
    for (const name of ['positions', 'positionPermissions', 'memberships', 'folders', 'assets', 'skills', 'skillCollections', 'positionSkills', 'invitations', 'scoreCriteria']) {
      await store.collection(name).deleteMany({ containerId });
    }
    return { id: containerId, deleted: true };
  },

  async create_containerMetadata(ctx, data) {
    const c = await loadContainer(ctx, data.id);
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
    const updated = await ctx.deps.store.collection<ContainerDoc>('containers').updateOne({ id: c.id }, { $set: set });
    if (!updated) throw errors.notFound();
    return { ...strip(updated), theme: effectiveTheme(updated.theme) };
  },

  async get_containerTheme(ctx, data) {
    return effectiveTheme((await loadContainer(ctx, data.containerId)).theme);
  },

  async update_containerTheme(ctx, data) {
    const updated = await ctx.deps.store.collection('containers').updateOne({ id: data.containerId }, { $set: { theme: data.theme } });
    if (!updated) throw errors.notFound();
    return effectiveTheme(updated.theme);
  },

  async reset_containerTheme(ctx, data) {
    const updated = await ctx.deps.store.collection('containers').updateOne({ id: data.containerId }, { $unset: { theme: true } });
    if (!updated) throw errors.notFound();
    return effectiveTheme(undefined);
  },
};
