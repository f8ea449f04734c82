import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerDeps } from '../../base/deps';
import { findUserById, findUserByEmail, type UserDoc } from '../../auth/users';
import type { Store } from '../../store/port';
import { authorizationUrl, exchangeCode, failureOf, flowSecrets, type Issuer, type OidcFailure } from './oidc-client';
import { callbackUrl, domainOf, ssoSettingsDoc, vouchFor, type SsoSettingsDoc } from './settings';

/**
 * One sign-in through an organisation's OpenID provider (issue 29 item 1). `startSso` keeps the
 * flow's state, nonce and PKCE verifier in `ssoFlows` (only the state's hash is the key), tied
 * to the browser that started it by a cookie, for 10 minutes; the callback takes the flow once
 * (a replayed callback finds nothing), exchanges the code and checks the ID token
 * (oidc-client.ts), and matches the verified address to a staff member of THAT organisation
 * whose address is in its domains. The browser gets a one-time hand-over token (2 minutes) in
 * the fragment of /login/sso, which the page trades for a session, as a mailed sign-in link does.
 */
export type SsoFailure = OidcFailure | 'unverified' | 'unknown' | 'otherOrganisation' | 'notOnlyHere' | 'notConfigured';

export class SsoRefused extends Error {
  constructor(readonly reason: SsoFailure) {
    super(`sso refused: ${reason}`);
    this.name = 'SsoRefused';
  }
}

interface FlowDoc {
  [k: string]: unknown;
  kind: 'flow' | 'handoff';
  hash: string;
  expires: number;
  containerId?: number;
  nonce?: string;
  verifier?: string;
  browserHash?: string;
  userId?: number;
}

const FLOW_TTL_SECONDS = 10 * 60;
const HANDOFF_TTL_SECONDS = 2 * 60;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const flows = (store: Store) => store.collection<FlowDoc>('ssoFlows');


const issuerOf = (deps: Pick<ServerDeps, 'allowPrivateAddresses'>, s: SsoSettingsDoc): Issuer => ({
  issuer: s.issuer,
  clientId: s.clientId,
  clientSecret: s.clientSecret,
  allowPrivate: !!deps.allowPrivateAddresses,
});

async function configured(store: Store, containerId: number): Promise<SsoSettingsDoc> {
  const s = await ssoSettingsDoc(store, containerId);
  if (!s?.issuer || !s.clientId) throw new SsoRefused('notConfigured');
  return s;
}

/** Starts a sign-in at the organisation's provider for the browser holding `browser` (a cookie): the URL to send it to. */
export async function startSso(deps: ServerDeps, containerId: number, browser: string, loginHint?: string): Promise<URL> {
  const s = await configured(deps.store, containerId);
  const f = flowSecrets();
  await flows(deps.store).deleteMany({ expires: { $lt: deps.now() } });
  let url: URL;
  try {
    url = await authorizationUrl(issuerOf(deps, s), { ...f, redirectUri: callbackUrl(deps), ...(loginHint ? { loginHint } : {}) });
  } catch (e) {
    throw new SsoRefused(failureOf(e));
  }
  await flows(deps.store).insertOne({ kind: 'flow', hash: sha256(f.state), expires: deps.now() + FLOW_TTL_SECONDS, containerId, nonce: f.nonce, verifier: f.verifier, browserHash: sha256(browser) });
  return url;
}

/** Takes a stored flow or hand-over once: the delete decides between two at the same moment. */
async function take(store: Store, kind: FlowDoc['kind'], secret: string, now: number): Promise<FlowDoc | null> {
  const hash = sha256(secret);
  const doc = await flows(store).findOne({ kind, hash });
  if (!doc || !(await flows(store).deleteOne({ kind, hash }))) return null;
  return doc.expires >= now ? doc : null;
}

const sameHash = (a: string | undefined, b: string) => !!a && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The provider's answer at the callback (its query), from the browser holding `browser`: the
 * staff member it signs in, or SsoRefused naming why not. Nothing of the answer is logged.
 */
export async function finishSso(deps: ServerDeps, query: URLSearchParams, browser: string | undefined): Promise<{ user: UserDoc; containerId: number }> {
  const state = query.get('state') ?? '';
  const flow = state ? await take(deps.store, 'flow', state, deps.now()) : null;
  if (!flow || !browser || !sameHash(flow.browserHash, sha256(browser))) throw new SsoRefused('replayed');
  const s = await configured(deps.store, flow.containerId!);
  const at = new URL(callbackUrl(deps));
  at.search = query.toString();
  let claims: Record<string, unknown>;
  try {
    claims = await exchangeCode(issuerOf(deps, s), at, { redirectUri: callbackUrl(deps), state, nonce: flow.nonce!, verifier: flow.verifier! });
  } catch (e) {
    throw new SsoRefused(failureOf(e));
  }
  // Verified by the provider: OpenID's email_verified, or Microsoft Entra ID's optional claim
  // xms_edov (the address's domain is verified by the tenant; Entra sends no email_verified).
  const verified = claims.email_verified === true || claims.xms_edov === true || claims.xms_edov === '1' || claims.xms_edov === 'true';
  if (!verified || typeof claims.email !== 'string') throw new SsoRefused('unverified');
  const user = await findUserByEmail(deps.store, claims.email);
  // Only staff whom this organisation alone answers for, in its own domains: never a candidate
  // account, never odin, never someone with rights in another organisation (settings.ts vouchFor).
  const vouched = user && s.domains.includes(domainOf(user.email)) ? await vouchFor(deps.store, s.containerId, user) : 'unknown';
  if (vouched !== 'vouched') throw new SsoRefused(vouched);
  return { user: user!, containerId: s.containerId };
}

/** A one-time hand-over token for the signed-in staff member, for the /login/sso page to trade for a session. */
export async function handOver(deps: Pick<ServerDeps, 'store' | 'now'>, user: UserDoc, containerId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await flows(deps.store).insertOne({ kind: 'handoff', hash: sha256(token), expires: deps.now() + HANDOFF_TTL_SECONDS, userId: user.id, containerId });
  return token;
}

/** The staff member of a hand-over token and the organisation that signed them in, once; null when it is unknown, used or expired. */
export async function takeHandOver(deps: Pick<ServerDeps, 'store' | 'now'>, token: string): Promise<{ user: UserDoc; containerId: number } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const doc = await take(deps.store, 'handoff', token, deps.now());
  const user = doc?.userId && doc.containerId ? await findUserById(deps.store, doc.userId) : null;
  return user ? { user, containerId: doc!.containerId! } : null;
}
