import type Koa from 'koa';
import type { Middleware, ParameterizedContext } from 'koa';
import type { ServerDeps } from '../base/deps';
import type { Principal } from '../base/principal';
import { errors } from '../errors';
import { CLOCK_SKEW_SECONDS, readToken, signToken, TOKEN_TTL_SECONDS, type TokenUser } from './tokens';
import { findUserById, isEmailProven, type UserDoc } from './users';
import { endSession, findSession, openSession, touchSession, type SessionClient } from './sessions';

export interface Auth {
  /** Signature, pinned alg, exp and the user's current token version; null when any fails. */
  verifyToken(token: string): Promise<Principal | null>;
  /**
   * A fresh session token for the user as stored now (`linkAt`: opened by a mailed link then),
   * with its session record (server/auth/sessions.ts) describing `client`.
   */
  issue(user: TokenUser, opts?: { linkAt?: number; client?: SessionClient; sso?: number }): Promise<string>;
}

/**
 * Whether an organisation still alone answers for the account's rights (domain/sso/settings.ts
 * stillVouched), asked on every call of a session opened through that organisation's own
 * sign-in: the provider vouched for the account as it was then, and must not reach what it
 * gains later (a right in another organisation, odin's role). Its own applications such a
 * session never opens (Principal.sso).
 */
export type StillVouched = (user: UserDoc, containerId: number) => Promise<boolean>;

/** What a request tells about its client, for the session record. */
export function clientOf(ctx: { ip: string; get(field: string): string }): SessionClient {
  return { ip: ctx.ip, userAgent: ctx.get('user-agent') };
}

/**
 * Token checks read the user on every call (one indexed lookup), so a bumped tokenVersion
 * (logout, password change, permission change) or a role change takes effect at once; a token
 * naming a session (`sid`) also needs its record, read at the same time (one more indexed
 * lookup), so 'Logga ut' on one session ends it at once. Tokens from before session records
 * (no `sid`) stay valid until they expire.
 */
export function createAuth(deps: Pick<ServerDeps, 'store' | 'now'>, secret: Uint8Array, previous?: Uint8Array, stillVouched?: StillVouched): Auth {
  return {
    async verifyToken(token) {
      const claims = await readToken(secret, token, previous, deps.now());
      if (!claims) return null;
      const now = deps.now();
      const [user, session] = await Promise.all([findUserById(deps.store, claims.uid), claims.sid === undefined ? null : findSession(deps.store, claims.sid)]);
      if (!user || user.tokenVersion !== claims.tv) return null;
      if (claims.sid === undefined && user.tokensNeedSession === true) return null;
      if (claims.sid !== undefined) {
        if (!session || session.userId !== user.id || session.tv !== user.tokenVersion || session.expires <= now - CLOCK_SKEW_SECONDS) return null;
        if (session.sso !== undefined && !(stillVouched && (await stillVouched(user, session.sso)))) {
          await endSession(deps.store, user.id, session.id);
          return null;
        }
        touchSession(deps.store, session, now).catch(() => undefined);
      }
      return {
        userId: user.id,
        email: user.email,
        givenName: user.firstname,
        familyName: user.lastname,
        isOdin: user.role === 'odin',
        emailProven: isEmailProven(user),
        tokenVersion: user.tokenVersion,
        ...(claims.la !== undefined ? { linkAt: claims.la } : {}),
        ...(claims.sid !== undefined ? { sessionId: claims.sid } : {}),
        ...(session?.sso !== undefined ? { sso: session.sso } : {}),
      };
    },
    async issue(user, opts = {}) {
      const now = deps.now();
      const sessionId = await openSession(deps.store, user, now, now + TOKEN_TTL_SECONDS, opts.client, opts.sso);
      return signToken(secret, user, now, { ...(opts.linkAt !== undefined ? { linkAt: opts.linkAt } : {}), sessionId });
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
