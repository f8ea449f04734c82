import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where the server may send a request a customer configured (a webhook receiver, an identity
 * provider): https on a public address. Private, loopback, link-local, unique-local,
 * IPv4-mapped, unspecified, multicast and documentation ranges are refused (no SSRF into the
 * network the server stands in), unless the server was started with WEBHOOKS_ALLOW_PRIVATE=1
 * (tests), which also allows http. A name is resolved and every address it gives must be
 * public; the caller connects to the address checked here (`address`), never resolves again,
 * so a name that changes its answer between the check and the connection reaches nothing new.
 */

// Two lists: BlockList checks an IPv4 address against IPv6 rules as IPv4-mapped, so one list
// holding ::ffff:0:0/96 would refuse every IPv4 address.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked4.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 96],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked6.addSubnet(net, bits, 'ipv6');
}

/** Is `ip` (a literal IPv4 or IPv6 address) one the public internet routes to? */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  return family === 4 ? !blocked4.check(ip, 'ipv4') : !blocked6.check(ip, 'ipv6');
}

/** Why a URL is refused: not http(s) / not https without allowPrivate, a non-public address, no address at all. */
export type UrlProblem = 'invalid' | 'scheme' | 'private' | 'unresolved';

export class UnsafeUrlError extends Error {
  constructor(readonly problem: UrlProblem) {
    super(`url refused: ${problem}`);
    this.name = 'UnsafeUrlError';
  }
}

export interface CheckedUrl {
  url: URL;
  /** The address to connect to (checked). */
  address: string;
  family: 4 | 6;
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const resolveAll: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** Checks `raw` and resolves its host; throws UnsafeUrlError with the reason. */
export async function assertPublicUrl(raw: string, opts: { allowPrivate: boolean; resolve?: Resolve }): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('invalid');
  }
  // Credentials in a URL end up in logs and screens: never.
  if (url.username || url.password) throw new UnsafeUrlError('invalid');
  if (url.protocol !== 'https:' && !(opts.allowPrivate && url.protocol === 'http:')) throw new UnsafeUrlError('scheme');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (opts.resolve ?? resolveAll)(host);
    } catch {
      throw new UnsafeUrlError('unresolved');
    }
  }
  if (!addresses.length) throw new UnsafeUrlError('unresolved');
  if (!opts.allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) throw new UnsafeUrlError('private');
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
