import { describe, expect, it } from 'vitest';
import { assertPublicUrl, isPublicAddress } from '../../../../server/base/public-address';

describe('public addresses (no SSRF)', () => {
  it.each([
    '127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
    '::', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:a9fe:a9fe', '::ffff:10.0.0.1', 'fe80::1', 'fe80::1%eth0', 'fd00::1', 'fc00::2', 'ff02::1',
    '64:ff9b::a00:1', '[::1]', 'not-an-ip',
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

  // The reason an issuer or receiver URL is refused, as the screens name it.
  const names = (map: Record<string, string[]>) => async (host: string) => (map[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const problem = (url: string, allowPrivate = false, resolve = names({})) =>
    assertPublicUrl(url, { allowPrivate, resolve }).then(
      () => 'ok',
      (e: { problem: string }) => e.problem,
    );

  it('wants https on a public address, resolves names first, and refuses credentials in the URL', async () => {
    const dns = names({ 'login.example.se': ['93.184.216.34'], 'intern.example.se': ['93.184.216.34', '10.0.0.5'] });
    expect(await problem('https://login.example.se/', false, dns)).toBe('ok');
    expect(await problem('http://login.example.se/', false, dns)).toBe('scheme');
    expect(await problem('https://intern.example.se/', false, dns)).toBe('private');
    expect(await problem('https://finns-inte.example.se/')).toBe('unresolved');
    expect(await problem('https://[::ffff:127.0.0.1]/')).toBe('private');
    expect(await problem('https://2130706433/')).toBe('private');
    expect(await problem('https://user:pw@login.example.se/', false, dns)).toBe('invalid');
    expect(await problem('ftp://login.example.se/', false, dns)).toBe('scheme');
    expect(await problem('inte en adress')).toBe('invalid');
    expect(await problem('https://127.0.0.1:4000', false)).toBe('private');
  });
});
