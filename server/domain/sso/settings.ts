import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import type { ServerDeps } from '../../base/deps';
import { assertPublicUrl, UnsafeUrlError, type UrlProblem } from '../../base/public-address';
import { users, type UserDoc } from '../../auth/users';
import { announceSessionsRevoked } from '../../auth/revocations';
import { errors, HttpError } from '../../errors';
import type { Store } from '../../store/port';
import type { MembershipDoc } from '../core/docs';
import type { UpdateContainerSsoData } from '../../../schemas/generated/actions';

const m = sv.sso;

/**
 * An organisation's single sign-on with OpenID Connect (issue 29 item 1), one document per
 * organisation in `ssoSettings`: the issuer, the client registered there (its secret is never
 * answered), the e-mail domains of its staff, whether sign-in through it is required
 * (`enforce`), and `requireMfa` (stored and answered only; the two-factor login step reads it).
 */
export interface SsoSettingsDoc {
  [k: string]: unknown;
  containerId: number;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string[];
  enforce: boolean;
  requireMfa: boolean;
  updated: number;
}

export type SsoInput = Omit<UpdateContainerSsoData, 'containerId'>;

const settings = (store: Store) => store.collection<SsoSettingsDoc>('ssoSettings');

/** The organisation's SSO settings as stored (with the secret: for the sign-in flow only), or null. */
export function ssoSettingsDoc(store: Store, containerId: number): Promise<SsoSettingsDoc | null> {
  return settings(store).findOne({ containerId });
}

/** Where the provider sends the browser back (registered there as the client's redirect URI). */
export const callbackUrl = (deps: Pick<ServerDeps, 'publicUrl'>) => `${(deps.publicUrl ?? '').replace(/\/$/, '')}/api/account/sso/callback`;

/** What an administrator reads: everything but the secret, and whether one is set. */
export async function ssoSettingsOf(deps: Pick<ServerDeps, 'store' | 'publicUrl'>, containerId: number) {
  const doc = await ssoSettingsDoc(deps.store, containerId);
  return {
    containerId,
    redirectUri: callbackUrl(deps),
    issuer: doc?.issuer ?? '',
    clientId: doc?.clientId ?? '',
    secretSet: !!doc?.clientSecret,
    domains: doc?.domains ?? [],
    enforce: doc?.enforce ?? false,
    requireMfa: doc?.requireMfa ?? false,
    updated: doc?.updated ?? null,
  };
}

const ISSUER_TEXT: Record<UrlProblem, string> = { invalid: m.issuerInvalid, scheme: m.issuerScheme, unresolved: m.issuerUnresolved, private: m.issuerPrivate };

/** Refuses an issuer that is not https on a public address (loopback and private only with WEBHOOKS_ALLOW_PRIVATE=1). */
async function checkIssuer(deps: Pick<ServerDeps, 'allowPrivateAddresses'>, issuer: string): Promise<URL> {
  try {
    return (await assertPublicUrl(issuer, { allowPrivate: !!deps.allowPrivateAddresses })).url;
  } catch (e) {
    if (!(e instanceof UnsafeUrlError)) throw e;
    throw errors.invalid([{ path: '/issuer', message: ISSUER_TEXT[e.problem] }], ISSUER_TEXT[e.problem]);
  }
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The domain of an address, lower-cased ('' when it has none). */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();

/**
 * Saves the organisation's settings (administrators). An empty or absent secret keeps the stored
 * one. A domain another organisation signs in with is refused (one organisation per domain, so
 * the login page offers one button). Turning `enforce` on (or adding domains while it is on)
 * ends the sessions of the organisation's staff in those domains (odin excepted).
 */
export async function saveSsoSettings(deps: ServerDeps, containerId: number, input: SsoInput) {
  const issuer = (await checkIssuer(deps, input.issuer.trim())).href.replace(/\/$/, '');
  const domains = [...new Set(input.domains.map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))];
  domains.forEach((d, i) => {
    if (!DOMAIN.test(d)) throw errors.invalid([{ path: `/domains/${i}`, message: m.domainInvalid }], m.domainInvalid);
  });
  if (input.enforce && domains.length === 0) throw errors.invalid([{ path: '/domains', message: m.domainsMissing }], m.domainsMissing);
  const claimed = await settings(deps.store).find({ domains: { $in: domains }, containerId: { $ne: containerId } }, { projection: { domains: 1 } });
  const taken = domains.findIndex((d) => claimed.some((c) => c.domains.includes(d)));
  if (taken >= 0) {
    const text = fill(m.domainTaken, { domain: domains[taken]! });
    throw errors.conflict(text, [{ path: `/domains/${taken}`, message: text }]);
  }
  const before = await ssoSettingsDoc(deps.store, containerId);
  const doc: SsoSettingsDoc = {
    containerId,
    issuer,
    clientId: input.clientId.trim(),
    clientSecret: input.clientSecret || before?.clientSecret || '',
    domains,
    enforce: input.enforce,
    requireMfa: input.requireMfa ?? before?.requireMfa ?? false,
    updated: deps.now(),
  };
  await settings(deps.store).updateOne({ containerId }, { $set: doc }, { upsert: true });
  if (doc.enforce) {
    const already = new Set(before?.enforce ? before.domains : []);
    const fresh = domains.filter((d) => !already.has(d));
    if (fresh.length) await endStaffSessions(deps.store, containerId, fresh);
  }
  return ssoSettingsOf(deps, containerId);
}

/**
 * Whether the organisation alone answers for the account: a right there and in no other
 * organisation, no application to another organisation, and not odin. Only such an account signs in through the organisation's provider,
 * has that sign-in required of it, or has its sessions ended when it is required. The provider is
 * whatever the organisation's administrator configures, and its domains are taken on their word:
 * it must never open an account that reaches further than the organisation (odin's, that of a
 * consultant with rights in another organisation, or a person's own applications to other
 * employers on Mina sidor: users.ts ownedByOrganisation draws the same line). 'vouched' when it
 * may, else why not.
 */
export async function vouchFor(store: Store, containerId: number, user: UserDoc): Promise<'vouched' | 'notOnlyHere' | 'otherOrganisation' | 'unknown'> {
  if (user.role === 'odin') return 'notOnlyHere';
  const rows = await store.collection<MembershipDoc>('memberships').find({ userId: user.id }, { projection: { containerId: 1, permissionIds: 1 } });
  const staffOf = rows.filter((r) => ((r.permissionIds as number[] | undefined) ?? []).length > 0).map((r) => r.containerId);
  // Any membership elsewhere counts, even one without an organisation-wide right: a right on one
  // of that organisation's positions needs nothing more (access.ts levelsIn).
  const elsewhere = rows.some((r) => r.containerId !== containerId);
  if (!staffOf.includes(containerId)) return elsewhere ? 'otherOrganisation' : 'unknown';
  if (elsewhere) return 'notOnlyHere';
  const appliedElsewhere = await store.collection('applications').count({ email: user.email, containerId: { $ne: containerId } });
  return appliedElsewhere ? 'notOnlyHere' : 'vouched';
}

/**
 * What a session opened through the organisation's sign-in asks on every call (auth/middleware.ts):
 * still not odin, and still a member of no other organisation (two indexed reads). Applications
 * to other employers are vouchFor's question at sign-in only: such a session never opens the
 * person's own applications (candidate.ts), so one made later stays out of its reach.
 */
export async function stillVouched(store: Store, containerId: number, user: UserDoc): Promise<boolean> {
  if (user.role === 'odin') return false;
  const rows = await store.collection<MembershipDoc>('memberships').find({ userId: user.id }, { projection: { containerId: 1 } });
  return rows.length > 0 && rows.every((r) => r.containerId === containerId);
}

/** Staff of the organisation in `domains` whom it alone answers for (vouchFor). */
async function staffInDomains(store: Store, containerId: number, domains: string[]): Promise<UserDoc[]> {
  const rows = await store.collection<MembershipDoc>('memberships').find({ containerId }, { projection: { userId: 1, permissionIds: 1 } });
  const ids = rows.filter((r) => ((r.permissionIds as number[] | undefined) ?? []).length > 0).map((r) => r.userId as number);
  if (!ids.length) return [];
  const people = (await users(store).find({ id: { $in: ids } })).filter((u) => domains.includes(domainOf(u.email)));
  const vouched = await Promise.all(people.map(async (u) => ((await vouchFor(store, containerId, u)) === 'vouched' ? u : null)));
  return vouched.filter((u): u is UserDoc => u !== null);
}

/** Ends every session of those staff, as 'Logga ut överallt' does. */
async function endStaffSessions(store: Store, containerId: number, domains: string[]): Promise<void> {
  for (const u of await staffInDomains(store, containerId, domains)) {
    await users(store).updateOne({ id: u.id }, { $inc: { tokenVersion: 1 } });
    announceSessionsRevoked(store, u.id);
  }
}

/** The organisation whose SSO applies to an address's domain (one per domain), or null. */
export function ssoForEmail(store: Store, email: string): Promise<SsoSettingsDoc | null> {
  const domain = domainOf(email);
  return domain ? settings(store).findOne({ domains: domain, clientId: { $ne: '' } }) : Promise.resolve(null);
}

/**
 * The organisation that requires its own sign-in of this account (enforce on, the address in its
 * domains, an account it alone answers for: vouchFor), or null. Password and sign-in-link logins
 * are refused for such an account; odin and staff with rights elsewhere keep their own login,
 * since the provider may not sign them in.
 */
async function ssoRequiredFor(store: Store, user: UserDoc): Promise<{ containerId: number; name: string } | null> {
  const sso = await ssoForEmail(store, user.email);
  if (!sso?.enforce || (await vouchFor(store, sso.containerId, user)) !== 'vouched') return null;
  return { containerId: sso.containerId, name: await organisationName(store, sso.containerId) };
}

/** The name staff know the organisation by (its display name, else its short name). */
export async function organisationName(store: Store, containerId: number): Promise<string> {
  const c = await store.collection('containers').findOne({ id: containerId }, { projection: { name: 1, displayName: 1 } });
  return String(c?.displayName || c?.name || '');
}

/** Refuses (403 `sso_required`, naming the button) a password or sign-in-link login of staff whose organisation requires its own sign-in. */
export async function refuseWhenSsoRequired(store: Store, user: UserDoc): Promise<void> {
  const required = await ssoRequiredFor(store, user);
  if (required) throw new HttpError(403, 'sso_required', fill(m.required, { organisation: required.name }));
}
