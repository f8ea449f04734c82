import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { isEmail } from '../../auth/account';
import { bumpTokenVersion, findUserByEmail, findUserById, isEmailProven, normaliseEmail, users, type UserDoc } from '../../auth/users';
import type { ServerDeps } from '../../base/deps';
import { DuplicateKeyError, type Doc, type Filter, type Store } from '../../store/port';
import { dropInvitation } from '../accounts/invitations';
import { membershipOf, removeMembership, upsertMembership } from '../accounts/memberships';
import { deleteAccount, ownedByOrganisation } from '../accounts/users';
import { accountInUse } from '../gdpr/gdpr';
import { attrsOfBody, parseEqs, problem, ScimProblem, type Attrs } from './scim-attributes';
import { applyPatch } from './scim-patch';
import type { UpdateScimSettingsData } from '../../../schemas/generated/actions';

/**
 * SCIM Users of one organisation (collection `scimUsers`): the link between what the
 * organisation's identity provider says of a person (`attrs`, as it sent them, and `active`)
 * and the Blankett account with its membership. What the link does to the account:
 * - created or made active: the account (found by e-mail, or made without a password: the person
 *   signs in with a mailed link or the organisation's SSO) becomes staff of this organisation
 *   with the default role, unless it already is (an existing membership keeps its rights);
 * - made inactive: the membership goes (the person's rights on positions too) and every session
 *   of the account ends at once;
 * - deleted: the same, and the account itself goes only when this organisation's provisioning
 *   made it and nothing else needs it (never odin, never a candidate's or another organisation's).
 * Nothing reaches another organisation: every query names the token's organisation.
 */
export interface ScimUserDoc extends Doc {
  id: number;
  containerId: number;
  userId: number;
  /** userName lower-cased: SCIM's userName is unique and compared without case (RFC 7643 §4.1.1). */
  userNameKey: string;
  active: boolean;
  attrs: Attrs;
  created: number;
  lastModified: number;
  version: number;
}

/** The token's organisation and its default role. */
export type ScimOrg = Pick<UpdateScimSettingsData, 'containerId' | 'defaultPermissionId'>;

type Deps = Pick<ServerDeps, 'store' | 'now'>;

const rows = (store: Store) => store.collection<ScimUserDoc>('scimUsers');

/** Most users one list page holds (ServiceProviderConfig filter.maxResults). */
export const MAX_PAGE = 200;

export async function scimUser(store: Store, containerId: number, id: string): Promise<ScimUserDoc> {
  const row = /^\d{1,15}$/.test(id) ? await rows(store).findOne({ containerId, id: Number(id) }) : null;
  if (!row) throw problem.notFound();
  return row;
}

/** The list filter Blankett answers: `userName eq "…"` or `externalId eq "…"`. */
function listQuery(containerId: number, filter: string | undefined): Filter {
  if (filter === undefined || filter.trim() === '') return { containerId };
  const eqs = parseEqs(filter);
  const [eq] = eqs;
  if (eqs.length !== 1 || typeof eq?.value !== 'string') throw problem.invalidFilter();
  const attr = eq.attr.replace(/^urn:ietf:params:scim:schemas:core:2\.0:User:/i, '').toLowerCase();
  if (attr === 'username') return { containerId, userNameKey: eq.value.toLowerCase() };
  if (attr === 'externalid') return { containerId, 'attrs.externalId': eq.value };
  throw problem.invalidFilter();
}

/** One page of the organisation's users (`startIndex` 1-based, RFC 7644 §3.4.2.4). */
export async function listScimUsers(store: Store, containerId: number, filter: string | undefined, startIndex: number, count: number) {
  const q = listQuery(containerId, filter);
  const [total, page] = await Promise.all([rows(store).count(q), count > 0 ? rows(store).find(q, { sort: { id: 1 }, skip: startIndex - 1, limit: Math.min(count, MAX_PAGE) }) : []]);
  return { total, page };
}

/** The account's address: the userName, or else the primary (or only) e-mail. */
function accountEmail(attrs: Attrs): string {
  if (isEmail(attrs.userName)) return normaliseEmail(attrs.userName);
  const emails = (attrs.emails as { value?: string; primary?: boolean }[] | undefined) ?? [];
  const chosen = emails.find((e) => e.primary) ?? (emails.length === 1 ? emails[0] : undefined);
  if (!isEmail(chosen?.value)) throw new ScimProblem(400, 'invalidValue', sv.scim.userNameEmail);
  return normaliseEmail(chosen.value);
}

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/** The account fields the identity provider's values give. */
function accountFields(attrs: Attrs) {
  const name = (attrs.name as Record<string, string> | undefined) ?? {};
  const phones = (attrs.phoneNumbers as { value?: string; type?: string; primary?: boolean }[] | undefined) ?? [];
  const phone = phones.find((p) => p.primary) ?? phones.find((p) => p.type === 'work') ?? phones[0];
  return { firstname: text(name.givenName, 100), lastname: text(name.familyName, 100), title: text(attrs.title, 100), phoneNumber: text(phone?.value, 40) };
}

async function newAccount(deps: Deps, email: string, attrs: Attrs, containerId: number): Promise<UserDoc> {
  const f = accountFields(attrs);
  const user: UserDoc = { id: await deps.store.nextSequence('users'), email, firstname: f.firstname, lastname: f.lastname, role: 'user', tokenVersion: 0, passwordHash: '', created: deps.now(), createdByContainerId: containerId, createdByScim: containerId };
  try {
    return await users(deps.store).insertOne(user);
  } catch (e) {
    if (!(e instanceof DuplicateKeyError)) throw e;
    const found = await findUserByEmail(deps.store, email);
    if (!found) throw e;
    return found;
  }
}

/** The organisation's own account follows the identity provider's names, title and phone. */
async function followNames(store: Store, containerId: number, user: UserDoc, attrs: Attrs): Promise<void> {
  if (await ownedByOrganisation(store, user, containerId)) await users(store).updateOne({ id: user.id }, { $set: accountFields(attrs) });
}

/** Staff of the organisation with the default role, unless already staff (rights kept). */
async function grant(store: Store, org: ScimOrg, user: UserDoc): Promise<void> {
  if (await membershipOf(store, org.containerId, user.id)) return;
  await upsertMembership(store, org.containerId, user, () => [org.defaultPermissionId]);
  await dropInvitation(store, org.containerId, user.email);
}

/** No rights in the organisation any more, and every session of the account ends. */
async function revoke(store: Store, containerId: number, userId: number): Promise<void> {
  const m = await membershipOf(store, containerId, userId);
  if (m) await removeMembership(store, containerId, m.id, { evenLastAdmin: true });
  else await bumpTokenVersion(store, userId);
}

/** POST /Users. */
export async function createScimUser(deps: Deps, org: ScimOrg, body: unknown): Promise<ScimUserDoc> {
  const attrs = attrsOfBody(body);
  const active = attrs.active !== false;
  delete attrs.active;
  const email = accountEmail(attrs);
  const key = (attrs.userName as string).toLowerCase();
  if (await rows(deps.store).findOne({ containerId: org.containerId, userNameKey: key })) throw problem.uniqueness();
  let user = await findUserByEmail(deps.store, email);
  if (user?.role === 'odin') throw problem.uniqueness(sv.scim.odin);
  if (!user) user = await newAccount(deps, email, attrs, org.containerId);
  else if (!isEmailProven(user) && user.passwordHash) {
    // Anyone could have registered an unproven address: the password they chose dies with their sessions.
    await users(deps.store).updateOne({ id: user.id }, { $set: { passwordHash: '' } });
    await bumpTokenVersion(deps.store, user.id);
  }
  const now = deps.now();
  const row: ScimUserDoc = { id: await deps.store.nextSequence('scimUsers'), containerId: org.containerId, userId: user.id, userNameKey: key, active, attrs, created: now, lastModified: now, version: 1 };
  try {
    await rows(deps.store).insertOne(row);
  } catch (e) {
    if (e instanceof DuplicateKeyError) throw problem.uniqueness();
    throw e;
  }
  try {
    if (active) await grant(deps.store, org, user);
    await followNames(deps.store, org.containerId, user, attrs);
  } catch (e) {
    await rows(deps.store).deleteOne({ id: row.id });
    throw e;
  }
  return row;
}

/** Stores the new attributes (the userName stays) and carries out a change of `active`. */
async function save(deps: Deps, org: ScimOrg, row: ScimUserDoc, next: Attrs): Promise<ScimUserDoc> {
  if (typeof next.userName !== 'string' || next.userName.toLowerCase() !== row.userNameKey) throw problem.mutability('userName');
  const active = typeof next.active === 'boolean' ? next.active : row.active;
  delete next.active;
  const user = await findUserById(deps.store, row.userId);
  if (!user) throw problem.notFound();
  const saved = await rows(deps.store).updateOne({ id: row.id, version: row.version }, { $set: { attrs: next, active, lastModified: deps.now() }, $inc: { version: 1 } });
  if (!saved) throw new ScimProblem(409, undefined, sv.scim.changedMeanwhile);
  if (active && !row.active) await grant(deps.store, org, user);
  if (!active && row.active) await revoke(deps.store, org.containerId, user.id);
  await followNames(deps.store, org.containerId, user, next);
  return saved;
}

/** PUT /Users/{id}: the body replaces every attribute; `active` left out keeps its value. */
export async function replaceScimUser(deps: Deps, org: ScimOrg, id: string, body: unknown): Promise<ScimUserDoc> {
  const row = await scimUser(deps.store, org.containerId, id);
  return save(deps, org, row, attrsOfBody(body));
}

/** PATCH /Users/{id}. */
export async function patchScimUser(deps: Deps, org: ScimOrg, id: string, body: unknown): Promise<ScimUserDoc> {
  const row = await scimUser(deps.store, org.containerId, id);
  return save(deps, org, row, applyPatch({ ...row.attrs, active: row.active }, body));
}

/** DELETE /Users/{id}: the link and the membership go; the account only as said above. */
export async function deleteScimUser(deps: Deps, containerId: number, id: string): Promise<void> {
  const row = await scimUser(deps.store, containerId, id);
  if (!(await rows(deps.store).deleteOne({ id: row.id, containerId }))) throw problem.notFound();
  const user = await findUserById(deps.store, row.userId);
  if (!user) return;
  await revoke(deps.store, containerId, user.id);
  if (user.role !== 'odin' && user.createdByScim === containerId && !(await accountInUse(deps.store, user))) {
    await deleteAccount(deps.store, user.id);
  }
}
