import { describe, expect, it } from 'vitest';
import { describeDevice, describeNetwork } from '../../../../server/auth/device';

describe('a session described for a person (server/auth/device.ts)', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge på Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari på Mac'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 'Chrome på Android'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox på Linux'],
    ['curl/8.5.0', 'Okänd enhet'],
    [undefined, 'Okänd enhet'],
  ])('%s → %s', (ua, expected) => expect(describeDevice(ua)).toBe(expected));

  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:abcd:12::5', '2001:db8:abcd::/48'],
    ['2a00:1450:400f::200e', '2a00:1450:400f::/48'],
    ['10.0.0.1', 'lokalt nätverk'],
    ['172.20.1.1', 'lokalt nätverk'],
    ['192.168.1.10', 'lokalt nätverk'],
    ['127.0.0.1', 'lokalt nätverk'],
    ['100.64.0.1', 'lokalt nätverk'],
    ['::1', 'lokalt nätverk'],
    ['fd12:3456::1', 'lokalt nätverk'],
    ['fe80::1%eth0', 'lokalt nätverk'],
    ['not an address', 'okänt nätverk'],
  ])('%s → %s', (ip, expected) => expect(describeNetwork(ip)).toBe(expected));
});
