import * as client from 'openid-client';
import { pinnedFetch } from '../../base/pinned-fetch';

/**
 * The one adapter for `openid-client` (v6): discovery of an organisation's issuer, the
 * authorization URL (code flow, PKCE S256, state and nonce), and the code exchange, which
 * checks the ID token against the issuer's published keys (signature, with the non-repudiation
 * checks on; iss, aud, azp, exp, iat, nonce) and the state. Every request the library makes goes through the public-address check
 * (server/base/pinned-fetch.ts) and connects to the address checked, so a name that comes to
 * resolve to an internal address is refused at the request, not only when the issuer was saved,
 * and cannot turn internal between the check and the connection; each request gives up after 10 s.
 */
export interface Issuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** WEBHOOKS_ALLOW_PRIVATE=1: loopback and plain http allowed (tests). */
  allowPrivate: boolean;
}

/** Why a sign-in through the issuer failed, as the login page names it. */
export type OidcFailure = 'down' | 'audience' | 'expired' | 'nonce' | 'replayed' | 'invalid' | 'denied';

async function configOf(i: Issuer): Promise<client.Configuration> {
  const guarded: client.CustomFetch = (url, options) => pinnedFetch(url, options as RequestInit, { allowPrivate: i.allowPrivate, timeoutMs: 10_000 });
  const auth = i.clientSecret ? client.ClientSecretBasic(i.clientSecret) : client.None();
  return client.discovery(new URL(i.issuer), i.clientId, i.clientSecret ? { client_secret: i.clientSecret } : undefined, auth, {
    [client.customFetch]: guarded,
    timeout: 10,
    // The ID token's signature is checked against the issuer's published keys too: openid-client
    // otherwise trusts a token because it came over TLS from the token endpoint (OIDC Core 3.1.3.7).
    execute: [client.enableNonRepudiationChecks, ...(i.allowPrivate ? [client.allowInsecureRequests] : [])],
  });
}

/** Fresh secrets for one sign-in: state, nonce and the PKCE verifier. */
export function flowSecrets() {
  return { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() };
}

/** Where the browser goes to sign in at the issuer. */
export async function authorizationUrl(i: Issuer, f: { redirectUri: string; state: string; nonce: string; verifier: string; loginHint?: string }): Promise<URL> {
  const config = await configOf(i);
  return client.buildAuthorizationUrl(config, {
    redirect_uri: f.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(f.verifier),
    code_challenge_method: 'S256',
    state: f.state,
    nonce: f.nonce,
    ...(f.loginHint ? { login_hint: f.loginHint } : {}),
  });
}

/** The verified ID token's claims for the issuer's answer at `callbackUrl` (throws on any failure; failureOf names it). */
export async function exchangeCode(i: Issuer, callbackUrl: URL, f: { redirectUri: string; state: string; nonce: string; verifier: string }): Promise<Record<string, unknown>> {
  const config = await configOf(i);
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: f.verifier, expectedState: f.state, expectedNonce: f.nonce, idTokenExpected: true }, { redirect_uri: f.redirectUri });
  const claims = tokens.claims();
  if (!claims) throw new client.ClientError('no id token');
  return claims as Record<string, unknown>;
}

const causeOf = (e: unknown): unknown => (e && typeof e === 'object' && 'cause' in e ? (e as { cause: unknown }).cause : undefined);

/** Names a failure of discovery or the exchange without carrying any of its text (which may quote tokens). */
export function failureOf(err: unknown): OidcFailure {
  if (err instanceof client.AuthorizationResponseError) return 'denied';
  if (err instanceof client.ResponseBodyError) return err.error === 'invalid_grant' ? 'replayed' : 'invalid';
  const code = err instanceof client.ClientError ? err.code : undefined;
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return 'expired';
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    const claim = (causeOf(causeOf(err)) as { claim?: unknown } | undefined)?.claim ?? (causeOf(err) as { claim?: unknown } | undefined)?.claim;
    if (claim === 'nonce') return 'nonce';
    if (claim === 'aud' || claim === 'azp') return 'audience';
    return 'invalid';
  }
  // No answer at all: refused connection, a timeout, a 5xx or no discovery document.
  const base = causeOf(err);
  if (err instanceof TypeError || base instanceof TypeError || code === 'OAUTH_TIMEOUT' || code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON') return 'down';
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'down';
  return 'invalid';
}
