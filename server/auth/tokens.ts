import { jwtVerify, SignJWT } from 'jose';

/** Session length: one working day. */
export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
const ALG = 'HS256';
const ISSUER = 'blankett';
/**
 * How far apart the clocks of two instances may be (NTP keeps them within milliseconds; this
 * is for one whose clock went wrong): a token signed by one instance is accepted by another
 * whose clock is up to this much ahead of the signer's at its expiry. It lengthens a session
 * by at most this much; logout and rights changes still end it at once (the token version).
 */
export const CLOCK_SKEW_SECONDS = 5 * 60;

export interface TokenUser {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  role: 'odin' | 'user';
  tokenVersion: number;
}

export interface TokenClaims {
  uid: number;
  tv: number;
  sub: string;
  role: string;
  /** Set when the session was opened by following a mailed link: when (unix seconds). */
  la?: number;
  /** The session record this token belongs to (server/auth/sessions.ts); absent on tokens issued before sessions were recorded. */
  sid?: string;
}

/** Signs a session token: given_name, family_name, sub (email), role, exp, plus uid and tv (token version). */
export function signToken(secret: Uint8Array, user: TokenUser, nowSeconds = Math.floor(Date.now() / 1000), opts: { linkAt?: number; sessionId?: string } = {}): Promise<string> {
  return new SignJWT({
    given_name: user.firstname,
    family_name: user.lastname,
    role: user.role,
    uid: user.id,
    tv: user.tokenVersion,
    ...(opts.linkAt !== undefined ? { la: opts.linkAt } : {}),
    ...(opts.sessionId !== undefined ? { sid: opts.sessionId } : {}),
  })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(user.email)
    .setIssuer(ISSUER)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + TOKEN_TTL_SECONDS)
    .sign(secret);
}

/**
 * Checks signature (HS256 only, never 'none' or another alg), issuer and exp (by `nowSeconds`,
 * the instance's clock, with CLOCK_SKEW_SECONDS of tolerance); null when anything is off.
 * `previous` (JWT_SECRET_PREVIOUS) is the key before a rotation: tokens it signed still
 * verify until they expire, so rotating the key logs nobody out; new tokens use `secret` only.
 */
export async function readToken(secret: Uint8Array, token: string, previous?: Uint8Array, nowSeconds = Math.floor(Date.now() / 1000)): Promise<TokenClaims | null> {
  const claims = await readWith(secret, token, nowSeconds);
  return claims ?? (previous ? readWith(previous, token, nowSeconds) : null);
}

async function readWith(secret: Uint8Array, token: string, nowSeconds: number): Promise<TokenClaims | null> {
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALG],
      issuer: ISSUER,
      requiredClaims: ['exp', 'sub'],
      currentDate: new Date(nowSeconds * 1000),
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    const { uid, tv, sub, role, la, sid } = payload as Record<string, unknown>;
    if (typeof uid !== 'number' || typeof tv !== 'number' || typeof sub !== 'string' || typeof role !== 'string') return null;
    if (sid !== undefined && typeof sid !== 'string') return null;
    return { uid, tv, sub, role, ...(typeof la === 'number' ? { la } : {}), ...(typeof sid === 'string' ? { sid } : {}) };
  } catch {
    return null;
  }
}
