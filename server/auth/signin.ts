import { createHash, randomBytes } from 'node:crypto';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';
import type { ServerDeps } from '../dispatcher/types';
import { errors, HttpError } from '../errors';
import { DuplicateKeyError, type Store, type Update } from '../store/port';
import { announceSessionsRevoked } from './revocations';
import { findUserByEmail, isEmailProven, normaliseEmail, PENDING_EMAIL_UNSET, users, type UserDoc } from './users';

const s = sv.signin;

/** A sign-in link requested on the login or candidate page works for 30 minutes, once. */
const SIGNIN_TTL_SECONDS = 30 * 60;
/**
 * The 'Se din ansökan' link in the confirmation mail after applying works for 72 hours,
 * once: long enough to read the mail a few days later, short enough that an old forwarded
 * mail does not open the account. An expired link lands on a page that sends a new one.
 */
export const VIEW_LINK_TTL_SECONDS = 72 * 60 * 60;

/**
 * Pending sign-in links: one per address and kind (a newer link replaces an older one of its
 * kind). `request`: asked for on a page or by registering; `view`: the confirmation mail's
 * 'Se din ansökan'. Kept apart so anyone asking for links to an applicant's address cannot
 * kill the link in their confirmation mail. Following any link uses up every pending link
 * of the address. Only the token's sha256 is stored, with where the link leads (`next`, an
 * /admin path). Kept apart from `users` because a link may go to an address without an
 * account: the account is made, passwordless, when the link is followed.
 */
export interface SigninLinkDoc {
  [k: string]: unknown;
  email: string;
  kind: 'request' | 'view';
  tokenHash: string;
  expires: number;
  next: string;
}

const indexed = new WeakMap<Store, Promise<void>>();

async function links(store: Store) {
  let p = indexed.get(store);
  if (!p) {
    const col = store.collection('signinLinks');
    p = (async () => {
      await col.ensureIndex({ fields: { email: 1, kind: 1 }, unique: true });
      await col.ensureIndex({ fields: { tokenHash: 1 }, unique: true });
    })();
    p.catch(() => indexed.delete(store));
    indexed.set(store, p);
  }
  await p;
  return store.collection<SigninLinkDoc>('signinLinks');
}

export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** Only paths inside the app are followed after sign-in (no open redirect). */
function safeNext(next: string | undefined): string {
  return next && /^\/admin(\/[A-Za-z0-9/_?=&%.-]*)?$/.test(next) && !next.includes('//') ? next : '/admin/minasidor';
}

/**
 * A one-time sign-in link for `email` (any address; an account need not exist), valid `ttl`
 * seconds. The token sits in the fragment of /signin-link so it reaches no server log or
 * Referer. A newer link for the address replaces the older one.
 */
export async function signinLink(
  deps: Pick<ServerDeps, 'store' | 'now' | 'publicUrl'>,
  email: string,
  opts: { ttl?: number; next?: string; kind?: SigninLinkDoc['kind'] } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const kind = opts.kind ?? 'request';
  const doc = { email: normaliseEmail(email), kind, tokenHash: sha256(token), expires: deps.now() + (opts.ttl ?? SIGNIN_TTL_SECONDS), next: safeNext(opts.next) };
  await (await links(deps.store)).updateOne({ email: doc.email, kind }, { $set: doc }, { upsert: true });
  // The address rides along in the fragment (never sent to a server) so an expired link's
  // page can send a new one in one click.
  return `${(deps.publicUrl ?? '').replace(/\/$/, '')}/signin-link#token=${token}&email=${encodeURIComponent(doc.email)}`;
}

/** Mails a sign-in link (the login page's and the candidate area's "Skicka inloggningslänk"). */
export async function mailSigninLink(deps: ServerDeps, email: string, opts: { next?: string; register?: boolean } = {}): Promise<void> {
  const to = normaliseEmail(email);
  const link = await signinLink(deps, to, { next: opts.next });
  const minutes = String(SIGNIN_TTL_SECONDS / 60);
  const [subject, body] = opts.register ? [s.registerSubject, s.registerBody] : [s.linkSubject, s.linkBody];
  await deps.mail.send({ to, subject, text: fill(body, { link, minutes, email: to }) });
}

const linkInvalid = () => new HttpError(400, 'link_invalid', s.linkInvalid, [{ path: '/token', message: s.linkInvalid }]);

/**
 * Marks the account's address proven (every link-following path should use this, the
 * invitation link too, so a password chosen before the proof never survives it). The first
 * proof of an account ends every session opened before it and drops a password chosen
 * before it: both may belong to whoever typed the address without owning it (register with
 * someone else's email, then wait for them to confirm). Returns the user as stored now and whether a password was dropped.
 */
export async function markProven(store: Store, user: UserDoc, now: number): Promise<{ user: UserDoc; passwordRemoved: boolean }> {
  // A compare-and-set on the version read (issue 24): a write that landed in between (a
  // password set by an older session) is read again and dropped with the rest.
  let current: UserDoc | null = user;
  for (let attempt = 0; current && attempt < 5; attempt++) {
    const proven = isEmailProven(current);
    const update: Update = proven
      ? { $set: { emailVerifiedAt: now } }
      : { $set: { emailVerifiedAt: now, passwordHash: '' }, $unset: PENDING_EMAIL_UNSET, $inc: { tokenVersion: 1 } };
    const u = await users(store).updateOne({ id: current.id, tokenVersion: current.tokenVersion }, update);
    if (u) {
      if (!proven) announceSessionsRevoked(store, current.id);
      return { user: u, passwordRemoved: !proven && !!current.passwordHash };
    }
    current = await users(store).findOne({ id: user.id });
  }
  throw errors.unauthorized();
}

/** The account of an address, made passwordless when there is none (two at once: the unique index keeps one). */
async function accountFor(deps: Pick<ServerDeps, 'store'>, email: string): Promise<UserDoc> {
  const found = await findUserByEmail(deps.store, email);
  if (found) return found;
  const user: UserDoc = { id: await deps.store.nextSequence('users'), email, firstname: '', lastname: '', role: 'user', tokenVersion: 0, passwordHash: '' };
  try {
    return await users(deps.store).insertOne(user);
  } catch (e) {
    if (!(e instanceof DuplicateKeyError)) throw e;
    const again = await findUserByEmail(deps.store, email);
    if (!again) throw errors.conflict();
    return again;
  }
}

/**
 * Follows a sign-in link: the token must match the address's newest link and be unexpired;
 * it is used up whatever happens next. The address becomes proven (an account is made when
 * there is none) and the answer is the user to sign in and where to go.
 */
export async function confirmSignin(deps: Pick<ServerDeps, 'store' | 'now'>, token: string): Promise<{ user: UserDoc; next: string; passwordRemoved: boolean }> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw linkInvalid();
  const col = await links(deps.store);
  const hash = sha256(token);
  const link = await col.findOne({ tokenHash: hash });
  if (!link) throw linkInvalid();
  // Deleting by the hash is the single use: of two confirmations at once only one deletes.
  if ((await col.deleteOne({ tokenHash: hash })) !== 1 || link.expires < deps.now()) throw linkInvalid();
  // Idempotent (a delete by filter): a retry after a cut-short run removes only what is left.
  await col.deleteMany({ email: link.email });
  const account = await accountFor(deps, link.email);
  const proven = await markProven(deps.store, account, deps.now());
  return { ...proven, next: link.next };
}
