import type Router from '@koa/router';
import type { Config } from '../config';
import type { ServerDeps } from '../base/deps';
import { authOf, clientOf } from '../auth/middleware';
import { passwordProblems } from '../auth/password-rules';
import { PASSWORD_MAX } from '../../engine/password';
import { acceptInvitation, liveInvitation, needsPassword } from '../domain/accounts/invitations';
import { errors } from '../errors';
import { jsonBody } from '../http/body';
import { sharedLimiter } from '../coord/rate-limit';
import { memoryCoordination } from '../coord/port';
import { fields, str } from './account';

const SMALL = jsonBody({ limit: 16 * 1024 });

/**
 * The invitation link's two calls (the token comes from `PUBLIC_URL/invitation#token=…`):
 * `POST /api/account/invitation {token}` → `{ data: { email, company, needsPassword } }` for
 * the page to show, and `POST /api/account/invitation/accept {token, password?, confirmPassword?}`
 * → `{ token, data: { token } }`, a session for the account that now holds the rights. A used,
 * expired or forged token → 400 at /token. Limited per IP like the other account calls.
 */
export function mount(router: Router, deps: ServerDeps, config: Config): void {
  const perIp = sharedLimiter((deps.coord ?? memoryCoordination()).counters, 'invitation-ip', { windowMs: config.rateLimits.windowMs, max: config.rateLimits.loginPerIp });

  router.post('/api/account/invitation', SMALL, async (ctx) => {
    if (!(await perIp.hit(ctx.ip))) throw errors.rateLimited();
    const b = fields(ctx, ['token']);
    const { inv, container } = await liveInvitation(deps, str(b.token, '/token', 200));
    ctx.body = { data: { email: inv.email, company: container.displayName || container.name, needsPassword: await needsPassword(deps.store, inv.email) } };
  });

  router.post('/api/account/invitation/accept', SMALL, async (ctx) => {
    if (!(await perIp.hit(ctx.ip))) throw errors.rateLimited();
    const b = fields(ctx, ['token', 'password', 'confirmPassword']);
    const token = str(b.token, '/token', 200);
    let password: string | undefined;
    if (b.password !== undefined) {
      password = str(b.password, '/password', PASSWORD_MAX);
      // The rules know the invited address and the organisation (not its other invitations: the link is all we have).
      const { inv, container } = await liveInvitation(deps, token);
      const problems = passwordProblems(password, b.confirmPassword ?? password, undefined, { email: inv.email, organisations: [container.name, container.displayName ?? ''] });
      if (problems.length) throw errors.invalid(problems, problems[0]!.message);
    }
    const user = await acceptInvitation(deps, token, password);
    const session = await authOf(ctx.app).issue(user, { client: clientOf(ctx) });
    ctx.body = { token: session, data: { token: session } };
  });
}
