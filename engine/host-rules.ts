/**
 * Host rules of the public site (spec document 1 §1), shared by the browser (which site to
 * show) and the server (robots.txt, sitemap.xml). Pure: no window, no fetch.
 *
 * Decisions the spec leaves open (also in screens/public/README.md):
 * - `localhost` is treated like a top-level domain, so `localhost` and `127.0.0.1` are the
 *   portal and `demo.localhost` is "another subdomain" (organisation `demo`). Without that,
 *   every `*.localhost` host would have two labels and no organisation could be tried locally.
 *   The spec lists `min.localhost` explicitly as the portal, which only makes sense this way.
 * - A "host with two labels" is an apex domain such as `example.se`: the portal.
 * - For `jobb`, `jobb-local`, `jobb-dev` and `jobb-staging` hosts the organisation's name is
 *   the label right after it (`jobb.demo.example.se` → `demo`); a jobb host with nothing
 *   after it but the domain (`jobb.example.se`) has no name of its own and the organisation is
 *   then the domain's first label (`example`). Any other subdomain is the organisation's name
 *   itself (`demo.example.se` → `demo`).
 */

type RouteSet = 'portal' | 'organisation';

export interface HostRules {
  routeSet: RouteSet;
  /** The organisation's name (the container's unique `name`) on organisation hosts. */
  containerName?: string;
  /** 'OBS! Ej riktig data, endast för utveckling och testning.' is shown. */
  testBanner: boolean;
}

const PORTAL_LABELS = new Set(['www', 'min', 'min-dev', 'min-staging', 'min-temp']);
const JOBB_LABELS = new Set(['jobb', 'jobb-local', 'jobb-dev', 'jobb-staging']);

/** True for loopback names: `localhost`, `*.localhost`, 127.x.x.x and ::1. */
export function isLocalHost(hostname: string): boolean {
  const h = normalise(hostname);
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '::1' || h === '[::1]';
}

function normalise(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/\.$/, '');
}

function isIpAddress(h: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(h) || h.includes(':');
}

/** Decides the route set, the organisation name and the test banner for a host name (no port). */
export function hostRules(hostname: string): HostRules {
  const h = normalise(hostname);
  const labels = h.split('.').filter(Boolean);
  const first = labels[0] ?? '';
  const testBanner = first.includes('min-dev') || first.includes('min-staging');
  const portal: HostRules = { routeSet: 'portal', testBanner };

  if (labels.length === 0 || isIpAddress(h)) return portal;
  // The labels in front of the registrable domain: `localhost` counts as one label, any
  // other domain as two (`example.se`).
  const domainLabels = labels[labels.length - 1] === 'localhost' ? 1 : 2;
  const sub = labels.slice(0, Math.max(0, labels.length - domainLabels));
  const head = sub[0];
  if (head === undefined) return portal;
  if (PORTAL_LABELS.has(head)) return portal;
  if (JOBB_LABELS.has(head)) {
    const name = sub[1] ?? (domainLabels === 2 ? labels[labels.length - 2] : undefined);
    return name ? { routeSet: 'organisation', containerName: name, testBanner } : { routeSet: 'organisation', testBanner };
  }
  return { routeSet: 'organisation', containerName: head, testBanner };
}

/**
 * The origin of an organisation's own public site, derived from the portal's address
 * (PUBLIC_URL) by the rules above: `https://min.example.se` → `https://demo.example.se`,
 * `http://localhost:3000` → `http://demo.localhost:3000` (same scheme and port). Null when
 * the portal has no domain to put it under (an IP address) or the name would not come back
 * as this organisation under these rules (not a host label, or a portal label such as `www`).
 */
export function organisationOrigin(portalUrl: string, containerName: string): string | null {
  let url: URL;
  try {
    url = new URL(portalUrl);
  } catch {
    return null;
  }
  const h = normalise(url.hostname);
  const name = containerName.trim().toLowerCase();
  if (!h || isIpAddress(h) || !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(name)) return null;
  const labels = h.split('.').filter(Boolean);
  const domain = labels.slice(labels[labels.length - 1] === 'localhost' ? -1 : -2).join('.');
  const host = `${name}.${domain}`;
  const back = hostRules(host);
  if (back.routeSet !== 'organisation' || back.containerName !== name) return null;
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
}
