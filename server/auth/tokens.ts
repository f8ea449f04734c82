import { jwtVerify, SignJWT } from 'jose';

/** Session length: one working day. */
export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
const ALG = 'HS256';
const ISSUER = 'blankett';

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
}

/** Signs a session token: given_name, family_name, sub (email), role, exp, plus uid and tv (token version). */
export function signToken(secret: Uint8Array, user: TokenUser, nowSeconds = Math.floor(Date.now() / 1000), opts: { linkAt?: number } = {}): Promise<string> {
  return new SignJWT({
    given_name: user.firstname,
    family_name: user.lastname,
    role: user.role,
    uid: user.id,
    tv: user.tokenVersion,
    ...(opts.linkAt !== undefined ? { la: opts.linkAt } : {}),
  })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(user.email)
    .setIssuer(ISSUER)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + TOKEN_TTL_SECONDS)
    .sign(secret);
}

/**
 * Checks signature (HS256 only, never 'none' or another alg), issuer and exp; null when anything
 * is off. `previous` (JWT_SECRET_PREVIOUS) is the key before a rotation: tokens it signed still
 * verify until they expire, so rotating the key logs nobody out; new tokens use `secret` only.
 */
export async function readToken(secret: Uint8Array, token: string, previous?: Uint8Array): Promise<TokenClaims | null> {
  const claims = await readWith(secret, token);
  return claims ?? (previous ? readWith(previous, token) : null);
}

async function readWith(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALG], issuer: ISSUER, requiredClaims: ['exp', 'sub'] });
    const { uid, tv, sub, role, la } = payload as Record<string, unknown>;
    if (typeof uid !== 'number' || typeof tv !== 'number' || typeof sub !== 'string' || typeof role !== 'string') return null;
    return { uid, tv, sub, role, ...(typeof la === 'number' ? { la } : {}) };
  } catch {
    return null;
  }
}
