import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../setup/stores';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

describe.each(storeKinds())('news on the %s store', (kind) => {
  let server: TestServer;
  let odin: string;
  let reader: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    odin = await server.login(DEMO.odin);
    reader = await server.login(DEMO.reader);
  });
  afterAll(() => server?.close());

  it('publishes a post that every staff member reads, newest first', async () => {
    const a = await server.call(odin, 'create_blogPost', { id: 0, title: 'Första', body: '<p>Hej <strong>alla</strong></p>' });
    expect(a.status, a.text).toBe(200);
    const b = await server.call(odin, 'create_blogPost', { title: 'Andra', body: '<p>Nytt</p>' });
    const list = await server.call(reader, 'get_blogPosts', {});
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { title: string }) => p.title).slice(0, 2)).toEqual(['Andra', 'Första']);
    const one = await server.call(reader, 'get_blogPosts', { id: a.body.data.id });
    expect(one.body.data[0]).toMatchObject({ title: 'Första', body: '<p>Hej <strong>alla</strong></p>' });
    expect((await server.call(reader, 'get_blogPosts', { take: 1 })).body.data).toHaveLength(1);
    expect(b.body.data.id).toBeGreaterThan(a.body.data.id);
  });

  it('stores a body with script and event handlers sanitised', async () => {
    const r = await server.call(odin, 'create_blogPost', {
      title: 'Farlig',
      body: '<p onclick="alert(1)">Text<script>alert(2)</script><img src=x onerror=alert(3)><a href="javascript:alert(4)">länk</a></p>',
    });
    expect(r.status).toBe(200);
    const stored = await server.deps.store.collection('blogPosts').findOne({ id: r.body.data.id });
    expect(String(stored?.body)).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(String(stored?.body)).toContain('Text');
  });

  it('refuses an empty title or a body that is only markup', async () => {
    const r = await server.call(odin, 'create_blogPost', { title: '  ', body: '<p><script>x</script></p>' });
    expect(r.status).toBe(400);
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toEqual(['/title', '/body']);
  });

  it('edits a post in place', async () => {
    const id = (await server.call(odin, 'create_blogPost', { title: 'Utkast', body: '<p>a</p>' })).body.data.id;
    const r = await server.call(odin, 'create_blogPost', { id, title: 'Rättad', body: '<p>b</p>' });
    expect(r.body.data).toMatchObject({ id, title: 'Rättad', body: '<p>b</p>' });
    expect((await server.call(odin, 'create_blogPost', { id: 999_999, title: 'x', body: '<p>x</p>' })).status).toBe(404);
  });

  it('lets only odin write or delete, and a deleted post is gone', async () => {
    const id = (await server.call(odin, 'create_blogPost', { title: 'Bort', body: '<p>x</p>' })).body.data.id;
    expect((await server.call(reader, 'create_blogPost', { title: 'x', body: '<p>x</p>' })).status).toBe(403);
    expect((await server.call(reader, 'delete_blogPost', { id })).status).toBe(403);
    expect((await server.call(odin, 'delete_blogPost', { id })).status).toBe(200);
    expect((await server.call(odin, 'delete_blogPost', { id })).status).toBe(404);
    expect((await server.call(reader, 'get_blogPosts', { id })).status).toBe(404);
  });
});
