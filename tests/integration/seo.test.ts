import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PositionDoc } from '../../server/domain/core/docs';
import { demoPositions } from './helpers/domain';
import { startTestServer, type TestServer } from './helpers/server';

describe('robots.txt and sitemap.xml', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'embedded', seed: true });
  }, 60_000);
  afterAll(() => server?.close());

  /** GET with a Host header of our choice (fetch will not send one). */
  const fetchAs = (host: string, path: string) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const url = new URL(server.url);
      get({ hostname: url.hostname, port: url.port, path, headers: { host } }, (res) => {
        let body = '';
        res.on('data', (d) => (body += String(d)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      }).on('error', reject);
    });

  it('serves robots.txt that keeps crawlers out of the admin area and the API and names the sitemap', async () => {
    const r = await fetchAs('demo.localhost:3000', '/robots.txt');
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/text\/plain/);
    expect(r.body).toContain('Disallow: /admin');
    expect(r.body).toContain('Disallow: /api/');
    expect(r.body).toContain('Sitemap: http://demo.localhost:3000/sitemap.xml');
  });

  it("lists the organisation's open public positions on its host, never internal or archived ones", async () => {
    const { open, internal } = await demoPositions(server);
    const archived: PositionDoc = { ...open, id: 8_000_001, name: 'Arkiverad tjänst', isArchived: true, linkId: 'arkiverad-8000001' };
    await server.deps.store.collection<PositionDoc>('positions').insertOne(archived);
    const r = await fetchAs('demo.localhost:3000', '/sitemap.xml');
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/application\/xml/);
    expect(r.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(r.body).toContain(`<loc>http://demo.localhost:3000/${open.id}_`);
    expect(r.body).not.toContain(`/${internal.id}_`);
    expect(r.body).not.toContain(`/${archived.id}_`);
  });

  it('lists nothing on the host of an organisation that does not exist, and everything open on the portal', async () => {
    const { open } = await demoPositions(server);
    const none = await fetchAs('finnsinte.localhost:3000', '/sitemap.xml');
    expect(none.status).toBe(200);
    expect(none.body).not.toContain('<url>');
    const portal = await fetchAs('localhost:3000', '/sitemap.xml');
    expect(portal.body).toContain(`<loc>http://localhost:3000/${open.id}_`);
  });
});
