import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the provider says about one of its people (the ID token's claims besides sub). */
export type Claims = { email?: string; email_verified?: boolean; given_name?: string; family_name?: string };

/**
 * A real OpenID provider (the certified `oidc-provider` package) on 127.0.0.1 for the SSO tests:
 * one confidential client (PKCE required), signing with a key the test holds, and an
 * interaction that signs in `as` and consents at once (no login page to fill in). `tamper`
 * changes the next ID tokens' claims and signs them again (with `foreignKey`: with a key the
 * provider never published), as a broken or hostile provider would.
 */
export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, Claims>;
  as: string;
  tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  foreignKey: boolean;
  close(): Promise<void>;
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function resign(jwt: string, change: (c: Record<string, unknown>) => Record<string, unknown>, key: KeyObject): string {
  const [head, body] = jwt.split('.') as [string, string];
  const claims = change(JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>);
  const input = `${head}.${b64(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

export async function startIdp(redirectUris: string[]): Promise<TestIdp> {
  const http = createServer();
  await new Promise<void>((res) => http.listen(0, '127.0.0.1', res));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const own = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const idp: TestIdp = {
    issuer,
    clientId: 'blankett',
    clientSecret: 'en-hemlighet-som-bara-testet-kanner',
    accounts: new Map(),
    as: '',
    tamper: null,
    foreignKey: false,
    close: () =>
      new Promise<void>((res) => {
        http.close(() => res());
        http.closeAllConnections();
      }),
  };
  const provider = new Provider(issuer, {
    clients: [{ client_id: idp.clientId, client_secret: idp.clientSecret, redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks: { keys: [{ ...own.privateKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig', alg: 'RS256' }] },
    findAccount: (_ctx: unknown, id: string) => {
      const claims = idp.accounts.get(id);
      return claims ? { accountId: id, claims: () => ({ sub: id, ...claims }) } : undefined;
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The ID token carries the scope's claims, as Google's, Okta's and Entra ID's do.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['testets-cookie-nyckel'] },
  });
  provider.use(async (ctx, next) => {
    if (ctx.path.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      const grant = new provider.Grant({ accountId: idp.as, clientId: details.params.client_id });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: idp.as }, consent: { grantId } }, { mergeWithLastSubmission: false }));
      return;
    }
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && idp.tamper && body?.id_token) ctx.body = { ...body, id_token: resign(body.id_token, idp.tamper, idp.foreignKey ? foreign.privateKey : own.privateKey) };
  });
  http.on('request', provider.callback());
  return idp;
}

/** A browser's cookies, by name, sent where their Path covers the request (both servers are 127.0.0.1, as a browser keeps cookies by host, not port). */
export class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  header(url: string): string {
    const path = new URL(url).pathname;
    return [...this.cookies].filter(([, c]) => path.startsWith(c.path)).map(([n, c]) => `${n}=${c.value}`).join('; ');
  }

  keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      const path = attrs.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      const gone = attrs.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()));
      if (gone || !value) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  /** GET without following: the answer's Location (absolute) and the answer. */
  async get(url: string): Promise<{ res: Response; location: string | null }> {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: this.header(url) } });
    this.keep(res);
    const loc = res.headers.get('location');
    return { res, location: loc ? new URL(loc, url).href : null };
  }
}
