import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The one check that a URL the server is asked to call (an OpenID issuer, a webhook receiver)
 * leads to the public internet (no SSRF): its name resolves, and every address it resolves to
 * lies outside loopback, private, link-local, shared (CGNAT), documentation, multicast and
 * reserved ranges, IPv4 and IPv6 alike (ULA fc00::/7, link-local fe80::/10, IPv4-mapped
 * ::ffff:a.b.c.d and NAT64 64:ff9b::a.b.c.d judged by the IPv4 address inside). Only `https:` is
 * accepted, unless the server runs with WEBHOOKS_ALLOW_PRIVATE=1 (tests on loopback), when any
 * address and plain `http:` are allowed too. A name is resolved at the time of the check; the
 * caller checks again before each request it makes.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Why a URL was refused: not a URL, a scheme other than https, no address for the name, or a non-public address. */
export type RefusedBecause = 'invalid' | 'scheme' | 'unresolved' | 'private';

export class NotPublicError extends Error {
  constructor(readonly reason: RefusedBecause) {
    super(`url refused: ${reason}`);
    this.name = 'NotPublicError';
  }
}

/** The eight 16-bit groups of an IPv6 address (valid text, as isIP says; a dotted IPv4 tail counts as two). */
function groupsOf(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = part(head);
  const t = part(tail);
  return tail === undefined ? h : [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
}

/** The IPv4 address inside an IPv4-mapped (::ffff:0:0/96) or NAT64 (64:ff9b::/96) IPv6 address, if it is one. */
function embeddedIpv4(ip: string): string | null {
  const g = groupsOf(ip);
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (!mapped && !nat64) return null;
  return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
}

/** True for an address (IPv4 or IPv6 text) that is not on the public internet. */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIpv4(bare);
  if (inner) return blocked.check(inner, 'ipv4');
  return blocked.check(bare, 'ipv6');
}

type Resolve = (host: string) => Promise<string[]>;
const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Refuses (NotPublicError) a URL that is not https on a public address; `allowPrivate`
 * (WEBHOOKS_ALLOW_PRIVATE=1) lets loopback, private addresses and plain http through. Answers
 * the parsed URL. `resolve` replaces the DNS lookup (unit tests).
 */
export async function assertPublicUrl(url: string | URL, opts: { allowPrivate: boolean; resolve?: Resolve }): Promise<URL> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new NotPublicError('invalid');
  }
  if (u.username || u.password) throw new NotPublicError('invalid');
  if (u.protocol !== 'https:' && !(opts.allowPrivate && u.protocol === 'http:')) throw new NotPublicError('scheme');
  if (opts.allowPrivate) return u;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (opts.resolve ?? resolveAll)(host);
  } catch {
    throw new NotPublicError('unresolved');
  }
  if (addresses.length === 0) throw new NotPublicError('unresolved');
  if (addresses.some(isPrivateAddress)) throw new NotPublicError('private');
  return u;
}
