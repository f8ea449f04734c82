import { createHash, randomBytes } from 'node:crypto';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ServerDeps } from '../dispatcher/types';
import { errors, HttpError } from '../errors';
import type { Mailer } from '../mail';
import { DuplicateKeyError } from '../store/port';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { bumpTokenVersion, findUserByEmail, normaliseEmail, users, type UserDoc } from './users';
import { announceSessionsRevoked } from './revocations';
import { isValidEmail } from '../../engine/email';
import { fill } from '../../engine/fill';

const a = sv.account;

export const PASSWORD_MIN = 8;
/** scrypt takes any length, but nobody types more; the cap keeps request work bounded. */
export const PASSWORD_MAX = 256;
/** A reset link works for one hour, once. */
export const RESET_TTL_SECONDS = 60 * 60;

/** The project's one e-mail rule (engine/email.ts), for values of unknown type. */
export function isEmail(v: unknown): v is string {
  return typeof v === 'string' && isValidEmail(v);
}

/** Password rules with Swedish messages, as `details` entries at the given paths. */
export function passwordProblems(password: unknown, confirm: unknown, paths = { password: '/password', confirm: '/confirmPassword' }) {
  const out: { path: string; message: string }[] = [];
  if (typeof password !== 'string' || password.length < PASSWORD_MIN) out.push({ path: paths.password, message: a.passwordTooShort });
  else if (password.length > PASSWORD_MAX) out.push({ path: paths.password, message: a.passwordTooLong });
  if (password !== confirm) out.push({ path: paths.confirm, message: a.passwordsDiffer });
  return out;
}

/**
 * Checks an email/password pair. Unknown emails are verified against a dummy hash so both
 * cases cost one scrypt and answer alike. Returns the user or null.
 */
export async function checkLogin(deps: Pick<ServerDeps, 'store'>, email: string, password: string): Promise<UserDoc | null> {
  const user = isEmail(email) ? await findUserByEmail(deps.store, email) : null;
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  return user && ok ? user : null;
}

/** Creates a user with no container rights. */
export async function registerUser(
  deps: Pick<ServerDeps, 'store'>,
  input: { email: string; password: string; firstname?: string; lastname?: string; role?: 'user' | 'odin' },
): Promise<UserDoc> {
  const email = normaliseEmail(input.email);
  if (await findUserByEmail(deps.store, email)) throw errors.conflict(a.emailTaken, [{ path: '/email', message: a.emailTaken }]);
  const user: UserDoc = {
    id: await deps.store.nextSequence('users'),
    email,
    firstname: input.firstname ?? '',
    lastname: input.lastname ?? '',
    role: input.role ?? 'user',
    tokenVersion: 0,
    passwordHash: await hashPassword(input.password),
  };
  try {
    await users(deps.store).insertOne(user);
  } catch (e) {
    // Two registrations racing for one email: the unique index decides.
    if (e instanceof DuplicateKeyError) throw errors.conflict(a.emailTaken, [{ path: '/email', message: a.emailTaken }]);
    throw e;
  }
  return user;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Starts a password reset: a random one-time token (only its sha256 is stored) valid for an
 * hour, mailed as a link to the front end's /reset-password page. The token sits in the
 * link's fragment so it never reaches a server log or a Referer header.
 */
export async function startReset(deps: Pick<ServerDeps, 'store' | 'now'>, mailer: Mailer, email: string, publicUrl: string): Promise<void> {
  const user = isEmail(email) ? await findUserByEmail(deps.store, email) : null;
  if (!user) throw new HttpError(404, 'not_found', a.resetFailed);
  const link = await passwordLink(deps, user, publicUrl, RESET_TTL_SECONDS);
  await mailer.send({ to: user.email, subject: a.resetSubject, text: fill(a.resetBody, { link }) });
}

/**
 * A one-time link to /reset-password that lets the user choose a password, valid `ttl`
 * seconds. Only the token's sha256 is stored; a newer link replaces an older one, and any
 * password change removes it (update_password, a reset, an accepted invitation). Invitations
 * have their own records (domain/invitations.ts), so a reset never cancels one.
 */
async function passwordLink(deps: Pick<ServerDeps, 'store' | 'now'>, user: UserDoc, publicUrl: string, ttl: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await users(deps.store).updateOne({ id: user.id }, { $set: { resetTokenHash: sha256(token), resetTokenExpires: deps.now() + ttl } });
  return `${publicUrl.replace(/\/$/, '')}/reset-password#token=${token}`;
}

/** Completes a reset: the token must match and be unexpired; it is used up, and old sessions end. */
export async function confirmReset(deps: Pick<ServerDeps, 'store' | 'now'>, token: string, password: string): Promise<void> {
  const invalid = () => errors.invalid([{ path: '/token', message: a.resetTokenInvalid }], a.resetTokenInvalid);
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid();
  const user = await users(deps.store).findOne({ resetTokenHash: sha256(token) });
  if (!user || typeof user.resetTokenExpires !== 'number' || user.resetTokenExpires < deps.now()) throw invalid();
  const passwordHash = await hashPassword(password);
  // The filter repeats the hash so two confirmations of one token cannot both succeed.
  const done = await users(deps.store).updateOne(
    { id: user.id, resetTokenHash: sha256(token) },
    // Following a link mailed to the address proves it is the owner's.
    { $set: { passwordHash, emailVerifiedAt: deps.now() }, $unset: { resetTokenHash: true, resetTokenExpires: true }, $inc: { tokenVersion: 1 } },
  );
  if (!done) throw invalid();
  announceSessionsRevoked(deps.store, user.id);
}

/** Ends every session of the user (all tokens issued so far stop working). */
export function logout(deps: Pick<ServerDeps, 'store'>, userId: number): Promise<void> {
  return bumpTokenVersion(deps.store, userId);
}
