import { createHash, randomBytes } from 'node:crypto';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import { hashPassword } from '../../auth/password';
import { announceSessionsRevoked } from '../../auth/revocations';
import { findUserByEmail, isEmailProven, normaliseEmail, PENDING_EMAIL_UNSET, users, type UserDoc } from '../../auth/users';
import { registerUser } from '../../auth/account';
import type { ServerDeps } from '../../base/deps';
import type { Principal } from '../../base/principal';
import { errors, HttpError } from '../../errors';
import { DuplicateKeyError, type Doc, type Store, type Update } from '../../store/port';
import type { ContainerDoc, MembershipDoc } from '../core/docs';

/** An invitation link works for a week, once. */
const INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * A right offered to an email address (collection `invitations`). Nothing is granted until
 * someone follows the single-use link mailed to that address: an account that merely carries
 * the address (a stranger may have registered it) gets nothing before that. Only the token's
 * sha256 is stored; resending replaces it, so the older link dies.
 */
export interface InvitationDoc extends Doc {
  id: number;
  containerId: number;
  email: string;
  permissionIds: number[];
  /** The name the inviting administrator gave (issue 26 item 10); '' when none was given. */
  firstname?: string;
  lastname?: string;
  tokenHash: string;
  expires: number;
  invitedBy: number;
  invitedByName: string;
  created: number;
  sentAt: number;
}

type Deps = Pick<ServerDeps, 'store' | 'now' | 'mail' | 'publicUrl' | 'log'>;

const invitations = (store: Store) => store.collection<InvitationDoc>('invitations');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const baseUrl = (deps: Deps) => (deps.publicUrl ?? 'http://localhost:3000').replace(/\/$/, '');
const companyOf = (c: ContainerDoc) => c.displayName || c.name;
const permissionText = (ids: number[]) => ids.map((id) => ({ 1: sv.org.permAdmin, 2: sv.org.permWrite, 3: sv.org.permRead })[id as 1 | 2 | 3]).join(', ');

/** 'Förnamn Efternamn' of the caller, or their email. */
function nameOf(p: Principal): string {
  return `${p.givenName} ${p.familyName}`.trim() || p.email;
}

/** What the admin's user list shows of a pending invitation. */
export function invitationRow(inv: InvitationDoc, now: number) {
  return {
    id: inv.id,
    containerId: inv.containerId,
    email: inv.email,
    permissionIds: inv.permissionIds,
    invitedByName: inv.invitedByName,
    sentAt: inv.sentAt,
    expires: inv.expires,
    expired: inv.expires < now,
  };
}

/** A fresh single-use token for the invitation (the previous link dies) and the mail carrying it. */
async function send(deps: Deps, inv: InvitationDoc, container: ContainerDoc): Promise<InvitationDoc> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  const saved = await invitations(deps.store).updateOne({ id: inv.id }, { $set: { tokenHash: sha256(token), expires: now + INVITE_TTL_SECONDS, sentAt: now } });
  if (!saved) throw errors.notFound(sv.invitations.notFound);
  // The token sits in the fragment so it never reaches a server log or a Referer header.
  const link = `${baseUrl(deps)}/invitation#token=${token}`;
  const text = (t: string) => fill(t, { company: companyOf(container), inviter: inv.invitedByName, link });
  await deps.mail.send({ to: inv.email, subject: text(sv.invitations.subject), text: text(sv.invitations.body) });
  return saved;
}

/** A person's name as an administrator typed it (both optional). */
export interface PersonName {
  firstname?: string;
  lastname?: string;
}

/**
 * The name to write on an account that has none (a new one, or one registered without a name):
 * an account's own name is never replaced.
 */
function missingName(user: Pick<UserDoc, 'firstname' | 'lastname'>, name: PersonName): { firstname?: string; lastname?: string } {
  const set: { firstname?: string; lastname?: string } = {};
  if (!user.firstname?.trim() && !user.lastname?.trim()) {
    if (name.firstname?.trim()) set.firstname = name.firstname.trim();
    if (name.lastname?.trim()) set.lastname = name.lastname.trim();
  }
  return set;
}

/**
 * Invites `email` to the organisation with `permissionIds` and mails the link. One pending
 * invitation per address and organisation: inviting again renews it (new rights, new link).
 */
export async function invite(deps: Deps, container: ContainerDoc, email: string, permissionIds: number[], by: Principal, name: PersonName = {}): Promise<InvitationDoc> {
  const rows = invitations(deps.store);
  const address = normaliseEmail(email);
  const fields = { permissionIds, invitedBy: by.userId, invitedByName: nameOf(by), firstname: name.firstname?.trim() ?? '', lastname: name.lastname?.trim() ?? '' };
  let inv = await rows.updateOne({ containerId: container.id, email: address }, { $set: fields });
  if (!inv) {
    const doc: InvitationDoc = { id: await deps.store.nextSequence('invitations'), containerId: container.id, email: address, ...fields, tokenHash: '', expires: 0, created: deps.now(), sentAt: 0 };
    try {
      inv = await rows.insertOne(doc);
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e;
      inv = await rows.updateOne({ containerId: container.id, email: address }, { $set: fields });
      if (!inv) throw e;
    }
  }
  return send(deps, inv, container);
}

/** Mails a pending invitation again with a new link. */
export async function resend(deps: Deps, container: ContainerDoc, id: number): Promise<InvitationDoc> {
  const inv = await invitations(deps.store).findOne({ id, containerId: container.id });
  if (!inv) throw errors.notFound(sv.invitations.notFound);
  return send(deps, inv, container);
}

/**
 * The notice an already proven account gets when an administrator gives it a right directly.
 * The right is granted by then, so a failed mail is only logged (spec document 2 §7), never a
 * half-done answer; an invitation's mail, by contrast, fails the call (it can be sent again).
 */
export async function sendNotice(deps: Deps, container: ContainerDoc, email: string, permissionIds: number[], by: Principal): Promise<void> {
  const text = (t: string) => fill(t, { company: companyOf(container), inviter: nameOf(by), permission: permissionText(permissionIds), link: `${baseUrl(deps)}/login` });
  await deps.mail
    .send({ to: email, subject: text(sv.invitations.noticeSubject), text: text(sv.invitations.noticeBody) })
    .catch((err: unknown) => deps.log.warn('rights notice mail failed', { containerId: container.id, error: (err as Error).name }));
}

const refused = () => errors.invalid([{ path: '/token', message: sv.invitations.invalid }], sv.invitations.invalid);

/** The live invitation a link's token names, with its organisation; a used, expired or forged token → 400 at /token. */
export async function liveInvitation(deps: Pick<ServerDeps, 'store' | 'now'>, token: string): Promise<{ inv: InvitationDoc; container: ContainerDoc }> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw refused();
  const inv = await invitations(deps.store).findOne({ tokenHash: sha256(token) });
  if (!inv || inv.expires < deps.now()) throw refused();
  const container = await deps.store.collection<ContainerDoc>('containers').findOne({ id: inv.containerId });
  if (!container) throw refused();
  return { inv, container };
}

/** Whoever accepts must choose a password unless the address already belongs to a proven account. */
export async function needsPassword(store: Store, email: string): Promise<boolean> {
  const user = await findUserByEmail(store, email);
  return !user || !isEmailProven(user);
}

/**
 * Follows an invitation link: the invitation is used up first (two clicks cannot both win),
 * then the account is created or taken over by the mailbox's owner — a chosen password
 * replaces any a stranger may have set, and every session issued before ends — the email is
 * marked proven, any reset link dies, and the rights are granted. Returns the account as stored.
 */
export async function acceptInvitation(deps: Pick<ServerDeps, 'store' | 'now' | 'passwordCost'>, token: string, password: string | undefined): Promise<UserDoc> {
  const { inv } = await liveInvitation(deps, token);
  if (password === undefined && (await needsPassword(deps.store, inv.email))) {
    throw errors.invalid([{ path: '/password', message: sv.invitations.passwordRequired }], sv.invitations.passwordRequired);
  }
  if (!(await invitations(deps.store).deleteOne({ id: inv.id, tokenHash: inv.tokenHash }))) throw refused();
  let user = await findUserByEmail(deps.store, inv.email);
  let created = false;
  if (!user) {
    try {
      user = await registerUser(deps, { email: inv.email, password: password! });
      created = true;
    } catch (e) {
      // Someone registered the address a moment ago: the chosen password takes it over below.
      if (!(e instanceof HttpError && e.status === 409)) throw e;
      user = await findUserByEmail(deps.store, inv.email);
      if (!user) throw e;
    }
  }
  const passwordHash = password === undefined ? undefined : await hashPassword(password, deps.passwordCost);
  const updated = await proveByInvitation(deps, user, passwordHash, created ? inv.containerId : undefined, inv);
  if (passwordHash !== undefined) announceSessionsRevoked(deps.store, user.id);
  await grant(deps.store, inv, updated);
  return updated;
}

/**
 * The accept's write, a compare-and-set on the token version read (issue 24): whatever an older
 * session wrote in between (a password, a pending email change) is read again and replaced.
 * With a password (always for an unproven account), every earlier session ends and a pending
 * email change and reset link die. `createdBy`: the organisation whose invitation made the account.
 */
async function proveByInvitation(deps: Pick<ServerDeps, 'store' | 'now'>, user: UserDoc, passwordHash: string | undefined, createdBy: number | undefined, inv: InvitationDoc): Promise<UserDoc> {
  const set = { emailVerifiedAt: deps.now(), ...(createdBy === undefined ? {} : { createdByContainerId: createdBy }), ...missingName(user, { firstname: inv.firstname, lastname: inv.lastname }) };
  const update: Update =
    passwordHash === undefined
      ? { $set: set }
      : { $set: { ...set, passwordHash }, $unset: { resetTokenHash: true, resetTokenExpires: true, ...PENDING_EMAIL_UNSET }, $inc: { tokenVersion: 1 } };
  let current: UserDoc | null = user;
  for (let attempt = 0; current && attempt < 5; attempt++) {
    const updated = await users(deps.store).updateOne({ id: current.id, tokenVersion: current.tokenVersion }, update);
    if (updated) return updated;
    current = await users(deps.store).findOne({ id: user.id });
  }
  throw refused();
}

/** The invitation's rights, as a membership; an existing membership is left as it is (its rights are changed elsewhere). */
async function grant(store: Store, inv: InvitationDoc, user: UserDoc): Promise<void> {
  const memberships = store.collection<MembershipDoc>('memberships');
  if (await memberships.findOne({ containerId: inv.containerId, userId: user.id })) return;
  try {
    await memberships.insertOne({ id: await store.nextSequence('memberships'), containerId: inv.containerId, userId: user.id, email: user.email, permissionIds: [...inv.permissionIds].sort() });
  } catch (e) {
    if (!(e instanceof DuplicateKeyError)) throw e;
  }
}

/** Drops the invitation pending for an address (moot once the right is granted directly). */
export async function dropInvitation(store: Store, containerId: number, email: string): Promise<void> {
  await invitations(store).deleteOne({ containerId, email });
}

/** The container's pending invitations in id order. */
export function pendingInvitations(store: Store, containerId: number): Promise<InvitationDoc[]> {
  return invitations(store).find({ containerId }, { sort: { id: 1 } });
}

/** Withdraws an invitation; false when there was none. */
export async function deleteInvitation(store: Store, containerId: number, id: number): Promise<boolean> {
  return !!(await invitations(store).deleteOne({ id, containerId }));
}
