/**
 * The browser side of the host rules (engine/host-rules.ts): the https redirect and the
 * loopback-only `?host=` override.
 */
import { isLocalHost } from '../../engine/host-rules';

export { hostRules, isLocalHost, type HostRules } from '../../engine/host-rules';

/** Where a plain-http page on a non-local host must go instead (https), or null. */
export function httpsRedirectTarget(loc: { protocol: string; hostname: string; host: string; pathname: string; search: string; hash: string }): string | null {
  if (loc.protocol !== 'http:' || isLocalHost(loc.hostname)) return null;
  return `https://${loc.host}${loc.pathname}${loc.search}${loc.hash}`;
}

export const HOST_OVERRIDE_KEY = 'blankett.publicHost';

/**
 * The host name the public site believes it is on. On loopback hosts only, `?host=<name>`
 * sets an override (kept in sessionStorage for the tab; `?host=` clears it) so the host
 * rules can be tried locally. Anywhere else the real host name is used and the override is
 * ignored, so it can never change what a production visitor sees.
 */
export function effectiveHostname(
  loc: { hostname: string; search: string },
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null,
): string {
  if (!isLocalHost(loc.hostname)) return loc.hostname;
  const param = new URLSearchParams(loc.search).get('host');
  if (param !== null) {
    const value = param.trim().toLowerCase();
    const valid = /^[a-z0-9.-]{1,253}$/.test(value);
    if (value && valid) storage?.setItem(HOST_OVERRIDE_KEY, value);
    else storage?.removeItem(HOST_OVERRIDE_KEY);
    return value && valid ? value : loc.hostname;
  }
  return storage?.getItem(HOST_OVERRIDE_KEY) ?? loc.hostname;
}
