import { isIPv4, isIPv6 } from 'node:net';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';

const m = sv.sessions;

/** First match wins: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A device as a person recognises it, from the User-Agent ('Firefox på Windows'); 'Okänd enhet'
 * when neither browser nor system is known. Only this description is stored, never the header.
 */
export function describeDevice(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([rx]) => rx.test(ua))?.[1];
  const system = SYSTEMS.find(([rx]) => rx.test(ua))?.[1];
  if (!browser && !system) return m.unknownDevice;
  return fill(m.device, { browser: browser ?? m.unknownBrowser, system: system ?? m.unknownSystem });
}

const v4 = (ip: string) => ip.split('.').map(Number);

function privateV4([a = 0, b = 0]: number[]): boolean {
  return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded); an embedded IPv4 tail counts as two. */
function groupsV6(ip: string): number[] {
  const [head = '', tail] = ip.split('::');
  const part = (s: string) =>
    s
      ? s.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = v4(g);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * A rough place for a session: the network the address belongs to (an IPv4 /24, an IPv6 /48),
 * or 'lokalt nätverk' for private, loopback, link-local and shared ranges. There is no GeoIP
 * database, so no town or country; only the network is stored, never the whole address.
 */
export function describeNetwork(ip: string | undefined): string {
  let addr = (ip ?? '').trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(addr);
  if (mapped) addr = mapped[1]!;
  if (isIPv4(addr)) {
    const parts = v4(addr);
    return privateV4(parts) ? m.localNetwork : `${parts.slice(0, 3).join('.')}.0/24`;
  }
  if (isIPv6(addr)) {
    const g = groupsV6(addr.replace(/%.*$/, ''));
    const first = g[0] ?? 0;
    const loopback = g.slice(0, 7).every((x) => x === 0) && (g[7] === 1 || g[7] === 0);
    if (loopback || (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80) return m.localNetwork;
    return `${g.slice(0, 3).map((x) => x.toString(16)).join(':')}::/48`;
  }
  return m.unknownNetwork;
}
