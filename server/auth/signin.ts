import { createHash, randomBytes } from 'node:crypto';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';
import type { ServerDeps } from '../base/deps';
import { errors, HttpError } from '../errors';
import { DuplicateKeyError, type Doc, type Store, type Update } from '../store/port';
import { announceSessionsRevoked } from './revocations';
import { findUserByEmail, isEmailProven, normaliseEmail, PENDING_EMAIL_UNSET, users, type UserDoc } from './users';
import type { ApplicationLink } from '../../schemas/generated/entities';

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
 * Pending sign-in links asked for on a page or by registering (`request`): one per address, a
 * newer link replaces the older one. (`view` rows are 'Se din ansökan' links made before
 * issue 24; they still work until they expire.) Following any link uses up the address's
 * links here, never another application's 'Se din ansökan' link (ApplicationLinkDoc). Only
 * the token's sha256 is stored, with where the link leads (`next`, an /admin path). Kept apart
 * from `users` because a link may go to an address without an account: the account is made,
 * passwordless, when the link is followed.
 */
interface SigninLinkDoc {
  [k: string]: unknown;
  email: string;
  kind: 'request' | 'view';
  tokenHash: string;
  expires: number;
  next: string;
}

/**
 * The 'Se din ansökan' link of one application (schemas/entities/application-link.json): one
 * per application, so applying again elsewhere, or anyone applying with the address, adds a
 * link and never revokes another application's. A personal-data holder tagged with its
 * application: it goes with the application on every removal path (server/domain/removal.ts).
 */
type ApplicationLinkDoc = ApplicationLink & Doc;

/** What every pending link has, whichever collection holds it. */
type PendingLink = Pick<SigninLinkDoc, 'email' | 'tokenHash' | 'expires' | 'next'> & { [k: string]: unknown };

const indexed = new WeakMap<Store, Promise<void>>();

async function links(store: Store) {
  let p = indexed.get(store);
  if (!p) {
    const col = store.collection('signinLinks');
    const perApplication = store.collection('applicationLinks');
    p = (async () => {
      await col.ensureIndex({ fields: { email: 1, kind: 1 }, unique: true });
      await col.ensureIndex({ fields: { tokenHash: 1 }, unique: true });
      // The hourly sweep (sweepExpiredLinks) reads the expired ones, not every address's row.
      await col.ensureIndex({ fields: { expires: 1 } });
      await perApplication.ensureIndex({ fields: { tokenHash: 1 }, unique: true });
      await perApplication.ensureIndex({ fields: { applicationId: 1 } });
      await perApplication.ensureIndex({ fields: { expires: 1 } });
    })();
    p.catch(() => indexed.delete(store));
    indexed.set(store, p);
  }
  await p;
  return { byAddress: store.collection<SigninLinkDoc>('signinLinks'), byApplication: store.collection<ApplicationLinkDoc>('applicationLinks') };
}

export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** Only paths inside the app are followed after sign-in (no open redirect). */
function safeNext(next: string | undefined): string {
  return next && /^\/admin(\/[A-Za-z0-9/_?=&%.-]*)?$/.test(next) && !next.includes('//') ? next : '/admin/minasidor';
}

const linkUrl = (deps: Pick<ServerDeps, 'publicUrl'>, token: string, email: string) =>
  // The address rides along in the fragment (never sent to a server) so an expired link's
  // page can send a new one in one click.
  `${(deps.publicUrl ?? '').replace(/\/$/, '')}/signin-link#token=${token}&email=${encodeURIComponent(email)}`;

/**
 * A one-time sign-in link for `email` (any address; an account need not exist), valid `ttl`
 * seconds. The token sits in the fragment of /signin-link so it reaches no server log or
 * Referer. A newer link for the address replaces the older one.
 */
async function signinLink(deps: Pick<ServerDeps, 'store' | 'now' | 'publicUrl'>, email: string, opts: { ttl?: number; next?: string } = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const doc = { email: normaliseEmail(email), kind: 'request' as const, tokenHash: sha256(token), expires: deps.now() + (opts.ttl ?? SIGNIN_TTL_SECONDS), next: safeNext(opts.next) };
  await (await links(deps.store)).byAddress.updateOne({ email: doc.email, kind: doc.kind }, { $set: doc }, { upsert: true });
  return linkUrl(deps, token, doc.email);
}

/**
 * The 'Se din ansökan' link of an application (VIEW_LINK_TTL_SECONDS, once): leads to the
 * candidate area of its organisation. Every other link of the address stays as it was. Expired
 * links are swept by the hourly links job (sweepExpiredLinks). The link is not stored yet:
 * `doc` goes to the `applicationLinks` collection, with the application when it is new
 * (apply.ts stores both in one commit), or alone (mail/confirmation.ts).
 */
export async function newApplicationLink(deps: Pick<ServerDeps, 'store' | 'now' | 'publicUrl'>, a: { id: number; containerId: number; email: string }): Promise<{ collection: string; doc: Doc; url: string }> {
  const token = randomBytes(32).toString('base64url');
  // The collection's indexes are there before apply.ts stores the link with its application.
  await links(deps.store);
  const doc: ApplicationLinkDoc = {
    email: normaliseEmail(a.email),
    tokenHash: sha256(token),
    expires: deps.now() + VIEW_LINK_TTL_SECONDS,
    next: safeNext(`/admin/minasidor?org=${a.containerId}`),
    containerId: a.containerId,
    applicationId: a.id,
  };
  return { collection: 'applicationLinks', doc, url: linkUrl(deps, token, doc.email) };
}

/**
 * Expired sign-in links of both kinds removed, so no link keeps an address more than an hour
 * past its expiry: run hourly by the links job (jobs/schedule.ts). Each application swept its
 * collection before; that read was 5 % of an application's CPU (scripts/bench/server-apply.ts),
 * and while nobody applied an expired link stayed, as page-requested links always did.
 */
export async function sweepExpiredLinks(deps: Pick<ServerDeps, 'store' | 'now'>): Promise<{ applicationLinks: number; signinLinks: number }> {
  const { byAddress, byApplication } = await links(deps.store);
  const expired = { expires: { $lt: deps.now() } };
  return { applicationLinks: await byApplication.deleteMany(expired), signinLinks: await byAddress.deleteMany(expired) };
}

/**
 * Sign-in links of addresses that no longer have an application anywhere (their person's last
 * one went): the page-requested link and any older 'Se din ansökan' row (kind `view`) still
 * name the address. An application's own link went with it (x-gdpr, removal.ts), so it is
 * not looked for here. Called by the removal path after the applications are gone; idempotent.
 */
export async function forgetLinksOfAddresses(store: Store, emails: Iterable<string>): Promise<void> {
  const list = [...new Set(emails)];
  if (!list.length) return;
  const apps = store.collection('applications');
  const { byAddress } = await links(store);
  // Only addresses that still have a link are looked up (a position delete passes hundreds).
  const linked = await byAddress.find({ email: { $in: list } }, { projection: { email: 1 } });
  for (const email of new Set(linked.map((l) => l.email))) {
    if ((await apps.count({ email })) > 0) continue;
    await byAddress.deleteMany({ email });
  }
}

/** Mails a sign-in link (the login page's and the candidate area's "Skicka inloggningslänk"). */
export async function mailSigninLink(deps: ServerDeps, email: string, opts: { next?: string; register?: boolean; employer?: { id: number; name: string } } = {}): Promise<void> {
  const to = normaliseEmail(email);
  // A link asked for on an employer's candidate pages is that employer's mail and leads back there.
  const employer = opts.register ? undefined : opts.employer;
  const link = await signinLink(deps, to, { next: employer ? `/admin/minasidor?org=${employer.id}` : opts.next });
  const minutes = String(SIGNIN_TTL_SECONDS / 60);
  const [subject, body] = opts.register ? [s.registerSubject, s.registerBody] : employer ? [s.linkSubjectEmployer, s.linkBodyEmployer] : [s.linkSubject, s.linkBody];
  await deps.mail.send({ to, subject: fill(subject, { company: employer?.name ?? '' }), text: fill(body, { link, minutes, email: to, company: employer?.name ?? '' }) });
}

const linkInvalid = () => new HttpError(400, 'link_invalid', s.linkInvalid, [{ path: '/token', message: s.linkInvalid }]);

/**
 * Marks the account's address proven (every link-following path should use this, the
 * invitation link too, so a password chosen before the proof never survives it). The first
 * proof of an account ends every session opened before it and drops a password chosen
 * before it: both may belong to whoever typed the address without owning it (register with
 * someone else's email, then wait for them to confirm). Returns the user as stored now and whether a password was dropped.
 */
async function markProven(store: Store, user: UserDoc, now: number): Promise<{ user: UserDoc; passwordRemoved: boolean }> {
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
async function accountFor(deps: Pick<ServerDeps, 'store' | 'now'>, email: string): Promise<UserDoc> {
  const found = await findUserByEmail(deps.store, email);
  if (found) return found;
  const user: UserDoc = { id: await deps.store.nextSequence('users'), email, firstname: '', lastname: '', role: 'user', tokenVersion: 0, passwordHash: '', created: deps.now() };
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
 * Uses up the link with this token hash: deleting by the hash is the single use (of two
 * confirmations at once only one deletes). Following any link also uses up the address's
 * page-requested link, never the 'Se din ansökan' link of another application. Null when no
 * link had the hash or another confirmation took it first.
 */
async function takeLink(store: Store, hash: string): Promise<PendingLink | null> {
  const { byAddress } = await links(store);
  for (const name of ['applicationLinks', 'signinLinks']) {
    const col = store.collection<PendingLink>(name);
    const link = await col.findOne({ tokenHash: hash });
    if (!link) continue;
    if ((await col.deleteOne({ tokenHash: hash })) !== 1) return null;
    // Idempotent (a delete by filter): a retry after a cut-short run removes only what is left.
    await byAddress.deleteMany({ email: link.email });
    return link;
  }
  return null;
}

/**
 * Follows a sign-in link: the token must match a pending link and be unexpired;
 * it is used up whatever happens next. The address becomes proven (an account is made when
 * there is none) and the answer is the user to sign in and where to go.
 */
export async function confirmSignin(deps: Pick<ServerDeps, 'store' | 'now'>, token: string): Promise<{ user: UserDoc; next: string; passwordRemoved: boolean }> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw linkInvalid();
  const link = await takeLink(deps.store, sha256(token));
  if (!link || link.expires < deps.now()) throw linkInvalid();
  const account = await accountFor(deps, link.email);
  const proven = await markProven(deps.store, account, deps.now());
  return { ...proven, next: link.next };
}
