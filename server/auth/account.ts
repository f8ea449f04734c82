import { createHash, randomBytes } from 'node:crypto';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ServerDeps } from '../base/deps';
import { errors, HttpError } from '../errors';
import type { Mailer } from '../mail';
import { DuplicateKeyError } from '../store/port';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { organisationNamesOf, passwordProblems } from './password-rules';
import { findUserByEmail, normaliseEmail, PENDING_EMAIL_UNSET, users, type UserDoc } from './users';
import { announceSessionsRevoked } from './revocations';
import { isValidEmail } from '../../engine/email';
import { fill } from '../../engine/fill';

const a = sv.account;

/** A reset link works for one hour, once. */
const RESET_TTL_SECONDS = 60 * 60;

/** The project's one e-mail rule (engine/email.ts), for values of unknown type. */
export function isEmail(v: unknown): v is string {
  return typeof v === 'string' && isValidEmail(v);
}

/**
 * Checks an email/password pair. Unknown emails are verified against a dummy hash so both
 * cases cost one scrypt and answer alike. Returns the user or null.
 */
export async function checkLogin(deps: Pick<ServerDeps, 'store' | 'passwordCost'>, email: string, password: string): Promise<UserDoc | null> {
  const user = isEmail(email) ? await findUserByEmail(deps.store, email) : null;
  // A passwordless account (made by a sign-in link) is checked against the dummy hash too.
  const ok = await verifyPassword(password, user?.passwordHash || (await dummyHash(deps.passwordCost)));
  return user && ok ? user : null;
}

/** Creates a user with no container rights (unproven unless `emailVerifiedAt` is given: the demo seed). */
export async function registerUser(
  deps: Pick<ServerDeps, 'store' | 'now' | 'passwordCost'>,
  input: { email: string; password: string; firstname?: string; lastname?: string; role?: 'user' | 'odin'; emailVerifiedAt?: number },
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
    passwordHash: await hashPassword(input.password, deps.passwordCost),
    created: deps.now(),
    ...(input.emailVerifiedAt !== undefined ? { emailVerifiedAt: input.emailVerifiedAt } : {}),
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

/**
 * Completes a reset (or an invitation): the token must match and be unexpired; the password
 * must pass the rules for this person (their email, their organisations' names); the token
 * is used up, and old sessions end.
 */
export async function confirmReset(deps: Pick<ServerDeps, 'store' | 'now' | 'passwordCost'>, token: string, password: string): Promise<void> {
  const invalid = () => errors.invalid([{ path: '/token', message: a.resetTokenInvalid }], a.resetTokenInvalid);
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid();
  const user = await users(deps.store).findOne({ resetTokenHash: sha256(token) });
  if (!user || typeof user.resetTokenExpires !== 'number' || user.resetTokenExpires < deps.now()) throw invalid();
  const problems = passwordProblems(password, password, undefined, { email: user.email, organisations: await organisationNamesOf(deps.store, user) });
  if (problems.length) throw errors.invalid(problems, problems[0]!.message);
  const passwordHash = await hashPassword(password, deps.passwordCost);
  // The filter repeats the hash so two confirmations of one token cannot both succeed.
  const done = await users(deps.store).updateOne(
    { id: user.id, resetTokenHash: sha256(token) },
    // The link was mailed to the address, so following it proves the address.
    // A pending email change dies with the old password.
    { $set: { passwordHash, emailVerifiedAt: deps.now() }, $unset: { resetTokenHash: true, resetTokenExpires: true, ...PENDING_EMAIL_UNSET }, $inc: { tokenVersion: 1 } },
  );
  if (!done) throw invalid();
  announceSessionsRevoked(deps.store, user.id);
}

/** 'Logga ut överallt': ends every session of the user (all tokens issued so far stop working) and any pending email change. */
export async function logout(deps: Pick<ServerDeps, 'store'>, userId: number): Promise<void> {
  await users(deps.store).updateOne({ id: userId }, { $unset: PENDING_EMAIL_UNSET, $inc: { tokenVersion: 1 } });
  announceSessionsRevoked(deps.store, userId);
}
