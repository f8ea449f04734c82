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
import { findUserByEmail, findUserById, PENDING_EMAIL_UNSET, users, type UserDoc } from './users';

const s = sv.signin;

/** The link mailed to a new address works for 30 minutes, once. */
const EMAIL_CHANGE_TTL_SECONDS = 30 * 60;
/** A session opened by a sign-in link this recently may change the email without the password. */
const FRESH_LINK_SECONDS = 10 * 60;

const taken = () => errors.conflict(sv.account.emailTaken, [{ path: '/email', message: sv.account.emailTaken }]);

/**
 * The caller proves it is them before an email change of their own account: its current
 * password, or a session opened by
 * a sign-in link in the last ten minutes. A passwordless account has only the second way.
 */
export async function checkReauth(deps: Pick<ServerDeps, 'store' | 'now'>, p: Principal, password: string | undefined): Promise<void> {
  if (p.linkAt !== undefined && p.linkAt >= deps.now() - FRESH_LINK_SECONDS) return;
  const me = await findUserById(deps.store, p.userId);
  // A session overtaken since it was checked (a proof, a logout) proves nothing any more.
  if (!me || (p.tokenVersion !== undefined && me.tokenVersion !== p.tokenVersion)) throw errors.unauthorized();
  if (me.passwordHash && password && (await verifyPassword(password, me.passwordHash))) return;
  const message = password ? sv.account.wrongPassword : s.passwordNeeded;
  throw errors.invalid([{ path: '/password', message }], message);
}

const publicBase = (deps: Pick<ServerDeps, 'publicUrl'>) => (deps.publicUrl ?? '').replace(/\/$/, '');

/**
 * Starts an email change of the caller's own account (update_account allows no other): nothing
 * changes yet. Stored only while the account is at the caller's token version `tv` (else 401,
 * nothing stored or mailed). The new address gets a one-time link, the current address a
 * notice with a one-click 'Stoppa ändringen' link; only sha256 of each is stored, a newer
 * request replaces an older one. The change happens only when the new address's owner follows
 * the link while the account is still at version `tv`: a password change, a reset, 'logga ut
 * överallt', the first proof of the address or any other end of sessions cancels it.
 */
export async function requestEmailChange(deps: ServerDeps, target: UserDoc, email: string, tv: number): Promise<void> {
  if (await findUserByEmail(deps.store, email)) throw taken();
  const token = randomBytes(32).toString('base64url');
  const stop = randomBytes(32).toString('base64url');
  const stored = await users(deps.store).updateOne(
    { id: target.id, tokenVersion: tv },
    {
      $set: {
        pendingEmail: email,
        pendingEmailTokenHash: sha256(token),
        pendingEmailExpires: deps.now() + EMAIL_CHANGE_TTL_SECONDS,
        pendingEmailBy: target.id,
        pendingEmailTv: tv,
        pendingEmailStopHash: sha256(stop),
      },
    },
  );
  if (!stored) throw errors.unauthorized();
  const link = `${publicBase(deps)}/confirm-email#token=${token}`;
  const values = { link, email, old: target.email, minutes: String(EMAIL_CHANGE_TTL_SECONDS / 60), stop: `${publicBase(deps)}/stop-email-change#token=${stop}` };
  await deps.mail.send({ to: email, subject: s.emailChangeSubject, text: fill(s.emailChangeBody, values) });
  try {
    await deps.mail.send({ to: target.email, subject: s.emailChangeNoticeSubject, text: fill(s.emailChangeNoticeBody, values) });
  } catch (err) {
    deps.log.warn('email change notice failed', { userId: target.id, error: (err as Error).name });
  }
}

const invalid = () => new HttpError(400, 'link_invalid', s.emailChangeInvalid, [{ path: '/token', message: s.emailChangeInvalid }]);
const tokenShape = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Follows the link mailed to the new address: the account takes the address (still free:
 * else 409), which is proven by this, and every session ends; memberships and position
 * permissions follow. One compare-and-set: the link's hash, the owner as requester and the
 * token version of the request, so a change asked for by anyone but the owner, or one that a
 * password change, logout or proof has overtaken, changes nothing and signs nobody in.
 * Returns the user as stored now (the route signs the owner in).
 */
export async function confirmEmailChange(deps: Pick<ServerDeps, 'store' | 'now'>, token: string): Promise<UserDoc> {
  if (!tokenShape.test(token)) throw invalid();
  const hash = sha256(token);
  const user = await users(deps.store).findOne({ pendingEmailTokenHash: hash });
  if (!user || !user.pendingEmail || (user.pendingEmailExpires ?? 0) < deps.now()) throw invalid();
  if (user.pendingEmailBy !== user.id || user.pendingEmailTv !== user.tokenVersion) throw invalid();
  const email = user.pendingEmail;
  let updated: UserDoc | null;
  try {
    updated = await users(deps.store).updateOne(
      { id: user.id, pendingEmailTokenHash: hash, pendingEmailBy: user.id, tokenVersion: user.tokenVersion },
      { $set: { email, emailVerifiedAt: deps.now() }, $unset: { ...PENDING_EMAIL_UNSET, resetTokenHash: true, resetTokenExpires: true }, $inc: { tokenVersion: 1 } },
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

/** 'Stoppa ändringen' in the notice to the current address: the pending change is dropped (one POST, after a click). */
export async function stopEmailChange(deps: Pick<ServerDeps, 'store'>, token: string): Promise<void> {
  const refused = () => new HttpError(400, 'link_invalid', s.stopEmailInvalid, [{ path: '/token', message: s.stopEmailInvalid }]);
  if (!tokenShape.test(token)) throw refused();
  const done = await users(deps.store).updateOne({ pendingEmailStopHash: sha256(token) }, { $unset: PENDING_EMAIL_UNSET });
  if (!done) throw refused();
}
