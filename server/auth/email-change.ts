import { randomBytes } from 'node:crypto';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';
import type { ServerDeps } from '../base/deps';
import type { Principal } from '../base/principal';
import { errors, HttpError } from '../errors';
import { DuplicateKeyError } from '../store/port';
import { verifyPassword } from './password';
import { announceSessionsRevoked } from './revocations';
import { sha256 } from './signin';
import { findUserByEmail, findUserById, users, type UserDoc } from './users';

const s = sv.signin;

/** The link mailed to a new address works for 30 minutes, once. */
const EMAIL_CHANGE_TTL_SECONDS = 30 * 60;
/** A session opened by a sign-in link this recently may change the email without the password. */
const FRESH_LINK_SECONDS = 10 * 60;

const taken = () => errors.conflict(sv.account.emailTaken, [{ path: '/email', message: sv.account.emailTaken }]);

/**
 * The caller proves it is them before an email change: the current password of the caller's
 * own account (an administrator editing a colleague types their own), or a session opened by
 * a sign-in link in the last ten minutes. A passwordless account has only the second way.
 */
export async function checkReauth(deps: Pick<ServerDeps, 'store' | 'now'>, p: Principal, password: string | undefined): Promise<void> {
  if (p.linkAt !== undefined && p.linkAt >= deps.now() - FRESH_LINK_SECONDS) return;
  const me = await findUserById(deps.store, p.userId);
  if (me?.passwordHash && password && (await verifyPassword(password, me.passwordHash))) return;
  const message = password ? sv.account.wrongPassword : s.passwordNeeded;
  throw errors.invalid([{ path: '/password', message }], message);
}

/**
 * Starts an email change: nothing changes yet. The new address gets a one-time link (only
 * its sha256 is stored on the user, a newer request replaces an older one) and the current
 * address is told. Whoever asked, the change happens only when the owner of the new
 * address follows the link, so no account can be moved onto an address its mover does not read.
 */
export async function requestEmailChange(deps: ServerDeps, target: UserDoc, email: string): Promise<void> {
  if (await findUserByEmail(deps.store, email)) throw taken();
  const token = randomBytes(32).toString('base64url');
  await users(deps.store).updateOne(
    { id: target.id },
    { $set: { pendingEmail: email, pendingEmailTokenHash: sha256(token), pendingEmailExpires: deps.now() + EMAIL_CHANGE_TTL_SECONDS } },
  );
  const link = `${(deps.publicUrl ?? '').replace(/\/$/, '')}/confirm-email#token=${token}`;
  const values = { link, email, old: target.email, minutes: String(EMAIL_CHANGE_TTL_SECONDS / 60) };
  await deps.mail.send({ to: email, subject: s.emailChangeSubject, text: fill(s.emailChangeBody, values) });
  try {
    await deps.mail.send({ to: target.email, subject: s.emailChangeNoticeSubject, text: fill(s.emailChangeNoticeBody, values) });
  } catch (err) {
    deps.log.warn('email change notice failed', { userId: target.id, error: (err as Error).name });
  }
}

const invalid = () => new HttpError(400, 'link_invalid', s.emailChangeInvalid, [{ path: '/token', message: s.emailChangeInvalid }]);

/**
 * Follows the link mailed to the new address: the account takes the address (still free:
 * else 409), which is proven by this, and every session ends; memberships and position
 * permissions follow. Returns the user as stored now.
 */
export async function confirmEmailChange(deps: Pick<ServerDeps, 'store' | 'now'>, token: string): Promise<UserDoc> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid();
  const hash = sha256(token);
  const user = await users(deps.store).findOne({ pendingEmailTokenHash: hash });
  if (!user || !user.pendingEmail || (user.pendingEmailExpires ?? 0) < deps.now()) throw invalid();
  const email = user.pendingEmail;
  let updated: UserDoc | null;
  try {
    // The filter repeats the hash so one link changes the address once.
    updated = await users(deps.store).updateOne(
      { id: user.id, pendingEmailTokenHash: hash },
      {
        $set: { email, emailVerifiedAt: deps.now() },
        $unset: { pendingEmail: true, pendingEmailTokenHash: true, pendingEmailExpires: true, resetTokenHash: true, resetTokenExpires: true },
        $inc: { tokenVersion: 1 },
      },
    );
  } catch (e) {
    if (e instanceof DuplicateKeyError) throw taken();
    throw e;
  }
  if (!updated) throw invalid();
  announceSessionsRevoked(deps.store, user.id);
  // Bulk writes are never retried by the driver; these two $set one value, so running them again
  // after a failover that cut them short changes nothing more (idempotent).
  await deps.store.collection('memberships').updateMany({ userId: user.id }, { $set: { email } });
  await deps.store.collection('positionPermissions').updateMany({ userId: user.id }, { $set: { email } });
  return updated;
}
