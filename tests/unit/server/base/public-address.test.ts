import { describe, expect, it } from 'vitest';
import { assertPublicUrl, isPublicAddress } from '../../../../server/base/public-address';

describe('public addresses (no SSRF)', () => {
  it.each([
    '127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
    '::', '::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'fe80::1', 'fd00::1', 'fc00::2', 'ff02::1', '64:ff9b::a00:1', 'not-an-ip',
  ])('refuses %s', (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4010:c05::64'])('allows %s', (ip) => expect(isPublicAddress(ip)).toBe(true));

  it('refuses a name when any of its addresses is private, and connects to the checked one', async () => {
    const resolve = async (host: string) => (host === 'blandad.test' ? [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }] : [{ address: '93.184.216.34', family: 4 }]);
    await expect(assertPublicUrl('https://blandad.test/x', { allowPrivate: false, resolve })).rejects.toMatchObject({ problem: 'private' });
    await expect(assertPublicUrl('https://publik.test/x', { allowPrivate: false, resolve })).resolves.toMatchObject({ address: '93.184.216.34', family: 4 });
  });

  it('allows http and private addresses only with allowPrivate', async () => {
    await expect(assertPublicUrl('http://127.0.0.1:8080/x', { allowPrivate: false })).rejects.toMatchObject({ problem: 'scheme' });
    await expect(assertPublicUrl('http://127.0.0.1:8080/x', { allowPrivate: true })).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(assertPublicUrl('https://[::1]/x', { allowPrivate: true })).resolves.toMatchObject({ address: '::1', family: 6 });
    await expect(assertPublicUrl('https://inget.invalid/x', { allowPrivate: false, resolve: () => Promise.reject(new Error('ENOTFOUND')) })).rejects.toMatchObject({ problem: 'unresolved' });
  });
});
