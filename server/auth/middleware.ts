import type Koa from 'koa';
import type { Middleware, ParameterizedContext } from 'koa';
import type { ServerDeps } from '../base/deps';
import type { Principal } from '../base/principal';
import { errors } from '../errors';
import { readToken, signToken, type TokenUser } from './tokens';
import { findUserById, isEmailProven } from './users';

export interface Auth {
  /** Signature, pinned alg, exp and the user's current token version; null when any fails. */
  verifyToken(token: string): Promise<Principal | null>;
  /** A fresh session token for the user as stored now (`linkAt`: opened by a mailed link then). */
  issue(user: TokenUser, opts?: { linkAt?: number }): Promise<string>;
}

/**
 * Token checks read the user on every call (one indexed lookup), so a bumped tokenVersion
 * (logout, password change, permission change) or a role change takes effect at once.
 */
export function createAuth(deps: Pick<ServerDeps, 'store' | 'now'>, secret: Uint8Array, previous?: Uint8Array): Auth {
  return {
    async verifyToken(token) {
      const claims = await readToken(secret, token, previous, deps.now());
      if (!claims) return null;
      const user = await findUserById(deps.store, claims.uid);
      if (!user || user.tokenVersion !== claims.tv) return null;
      return {
        userId: user.id,
        email: user.email,
        givenName: user.firstname,
        familyName: user.lastname,
        isOdin: user.role === 'odin',
        emailProven: isEmailProven(user),
        tokenVersion: user.tokenVersion,
        ...(claims.la !== undefined ? { linkAt: claims.la } : {}),
      };
    },
    issue(user, opts) {
      return signToken(secret, user, deps.now(), opts);
    },
  };
}

const bound = new WeakMap<Koa<any, any>, Auth>();

/** app.ts binds the app's Auth once, so route modules can use authenticate() without plumbing. */
export function bindAuth(app: Koa<any, any>, auth: Auth): void {
  bound.set(app, auth);
}

export function authOf(app: Koa<any, any>): Auth {
  const auth = bound.get(app);
  if (!auth) throw new Error('authenticate() used on an app without bindAuth()');
  return auth;
}

/** The Bearer token of a request, if any. */
function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

/** Koa middleware: `Authorization: Bearer <token>` → `ctx.state.principal`, otherwise 401. */
export function authenticate(): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization'));
    const principal = token ? await authOf(ctx.app).verifyToken(token) : null;
    if (!principal) throw errors.unauthorized();
    ctx.state.principal = principal;
    await next();
  };
}

/** The principal authenticate() put on the context. */
export function principalOf(ctx: ParameterizedContext<any, any>): Principal {
  const p = ctx.state.principal as Principal | undefined;
  if (!p) throw errors.unauthorized();
  return p;
}
