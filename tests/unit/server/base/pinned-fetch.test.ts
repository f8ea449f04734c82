import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedFetch } from '../../../../server/base/pinned-fetch';
import { UnsafeUrlError } from '../../../../server/base/public-address';

/**
 * The OpenID client's fetch (server/base/pinned-fetch.ts): it connects to the address the
 * public-address check resolved, never to a second lookup. The host names below exist in no
 * DNS, so an answer proves the connection went to the checked address.
 */
describe('pinnedFetch', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.url === '/big') return res.end('x'.repeat(4096));
        if (req.url === '/slow') return;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ method: req.method, host: req.headers.host, type: req.headers['content-type'], body }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const loopback = async () => [{ address: '127.0.0.1', family: 4 }];

  it('connects to the checked address, sending the method, the body and the Host the URL names', async () => {
    const res = await pinnedFetch(`http://idp.rebound.invalid:${port}/token`, { method: 'POST', body: new URLSearchParams({ code: 'abc' }) }, { allowPrivate: true, timeoutMs: 5000, resolve: loopback });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ method: 'POST', host: `idp.rebound.invalid:${port}`, type: 'application/x-www-form-urlencoded;charset=UTF-8', body: 'code=abc' });
  });

  it('refuses a name that resolves to an internal address, before connecting', async () => {
    await expect(pinnedFetch(`https://idp.rebound.invalid:${port}/`, {}, { allowPrivate: false, timeoutMs: 5000, resolve: loopback })).rejects.toBeInstanceOf(UnsafeUrlError);
  });

  it('fails as fetch does (a TypeError) on an answer past its size, a timeout or no server', async () => {
    const opts = { allowPrivate: true, timeoutMs: 500, maxBytes: 1024, resolve: loopback };
    await expect(pinnedFetch(`http://idp.rebound.invalid:${port}/big`, {}, opts)).rejects.toBeInstanceOf(TypeError);
    await expect(pinnedFetch(`http://idp.rebound.invalid:${port}/slow`, {}, opts)).rejects.toBeInstanceOf(TypeError);
    await expect(pinnedFetch('http://idp.rebound.invalid:1/', {}, opts)).rejects.toBeInstanceOf(TypeError);
  });
});
