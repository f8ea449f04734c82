import { describe, expect, it } from 'vitest';
import { assertPublicUrl, isPrivateAddress } from '../../../../server/base/public-address';

/** The one SSRF check of URLs the server calls (OpenID issuers, webhook receivers). */
describe('public addresses', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
    '::1', '::', 'fd00::1', 'fc12::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:a9fe:a9fe', '64:ff9b::a00:1', '[::1]', 'not-an-address',
  ])('refuses %s', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])('lets %s through', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });

  const resolve = (map: Record<string, string[]>) => async (host: string) => map[host] ?? [];
  const reason = (url: string, allowPrivate = false, r = resolve({})) =>
    assertPublicUrl(url, { allowPrivate, resolve: r }).then(
      () => 'ok',
      (e: { reason: string }) => e.reason,
    );

  it('wants https on a public address, and resolves names first', async () => {
    expect(await reason('https://login.example.se/', false, resolve({ 'login.example.se': ['93.184.216.34'] }))).toBe('ok');
    expect(await reason('http://login.example.se/', false, resolve({ 'login.example.se': ['93.184.216.34'] }))).toBe('scheme');
    expect(await reason('https://intern.example.se/', false, resolve({ 'intern.example.se': ['93.184.216.34', '10.0.0.5'] }))).toBe('private');
    expect(await reason('https://finns-inte.example.se/')).toBe('unresolved');
    expect(await reason('https://[::ffff:127.0.0.1]/')).toBe('private');
    expect(await reason('https://2130706433/')).toBe('private');
    expect(await reason('https://user:pw@login.example.se/')).toBe('invalid');
    expect(await reason('ftp://login.example.se/')).toBe('scheme');
    expect(await reason('inte en adress')).toBe('invalid');
  });

  it('lets loopback and plain http through only with WEBHOOKS_ALLOW_PRIVATE', async () => {
    expect(await reason('http://127.0.0.1:4000', true)).toBe('ok');
    expect(await reason('http://127.0.0.1:4000', false)).toBe('scheme');
    expect(await reason('https://127.0.0.1:4000', false)).toBe('private');
  });
});
