import { CONTAINER_KEY, TOKEN_KEY } from '../../api';

/** The logged-in user as the token says (spec document 1 §3 "Logged-in user"). */
export interface TokenUser {
  given_name: string;
  family_name: string;
  sub: string;
  role: string;
  exp: number;
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The token's claims, or null when it cannot be decoded or lacks sub/exp. The signature is the server's business. */
export function decodeToken(token: string | null | undefined): TokenUser | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const c = JSON.parse(base64UrlDecode(parts[1])) as Record<string, unknown>;
    if (typeof c.sub !== 'string' || typeof c.exp !== 'number') return null;
    return {
      given_name: typeof c.given_name === 'string' ? c.given_name : '',
      family_name: typeof c.family_name === 'string' ? c.family_name : '',
      sub: c.sub,
      role: typeof c.role === 'string' ? c.role : '',
      exp: c.exp,
    };
  } catch {
    return null;
  }
}

/** Spec document 2 §5: the token must exist and have an exp in the future. */
export function validUser(token: string | null | undefined, nowSeconds = Date.now() / 1000): TokenUser | null {
  const user = decodeToken(token);
  return user && user.exp > nowSeconds ? user : null;
}

/** odin: "role in the token contains odin" (spec document 1 §6). */
export function isOdin(user: TokenUser | null): boolean {
  return !!user && user.role.toLowerCase().includes('odin');
}

/** Whose session last ended in this tab (the token's sub), so the next login knows whose page it was on. */
let endedSessionOf: string | null = null;

export function lastSessionUser(): string | null {
  return endedSessionOf;
}

/**
 * Where a login lands: the page the sign-in form was sent from only when it was not someone
 * else's (a session that ended in this tab, e.g. expired, belongs to `owner`); else the
 * user's own start page.
 */
export function landingAfterLogin(from: string | undefined, owner: string | null | undefined, sub: string): string {
  return from && from.startsWith('/admin') && (!owner || owner === sub) ? from : '/admin';
}

/**
 * Logout clears token, container and stored state: every blankett.* key in both storages.
 * `sub`: whose session ends, when the token is already gone (another tab logged out).
 */
export function clearStoredSession(sub?: string): void {
  const ending = sub ?? decodeToken(globalThis.localStorage?.getItem(TOKEN_KEY))?.sub;
  if (ending) endedSessionOf = ending;
  for (const store of [globalThis.localStorage, globalThis.sessionStorage]) {
    if (!store) continue;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i);
      if (k && (k.startsWith('blankett.') || k === TOKEN_KEY || k === CONTAINER_KEY)) keys.push(k);
    }
    for (const k of keys) store.removeItem(k);
  }
}
