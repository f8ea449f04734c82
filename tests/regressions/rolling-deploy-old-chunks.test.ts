import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type Backend, type Proxy } from '../../scripts/proxy';
import { startTestServer, type TestServer } from '../integration/helpers/server';

/**
 * Issue 19, a rolling deploy: instances of two builds serve behind one balancer for a while,
 * and a page loaded from the old build asks for its lazy chunks (content-hashed names) later —
 * from whichever instance the balancer picks, and after the old instances are gone. An
 * instance on the new build answered 404 for them, so the old page broke on its next route.
 * DIST_PREVIOUS_DIR now names the earlier build whose hashed assets are still served.
 */

/** A build as vite lays it out: index.html naming its entry chunk, which imports a lazy one. */
function fakeBuild(root: string, name: string, hash: string): { dir: string; entry: string; lazy: string; lazyBody: string } {
  const dir = join(root, name);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  const entry = `/assets/index-${hash}.js`;
  const lazy = `/assets/AdminApp-${hash}.js`;
  const lazyBody = `export const build = '${name}';\n`.repeat(60); // over 512 bytes: sent compressed
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>Blankett</title><script type="module" src="${entry}"></script>`);
  writeFileSync(join(dir, entry), `import('${lazy}');`);
  writeFileSync(join(dir, lazy), lazyBody);
  writeFileSync(join(dir, 'build.txt'), name); // not hashed: never served from an earlier build
  return { dir, entry, lazy, lazyBody };
}

describe('a rolling deploy: an open page of the old build loads its chunks after the new build is up', () => {
  let root = '';
  let proxy: Proxy;
  let old: TestServer;
  let fresh: TestServer;
  let withoutPrevious: TestServer;
  const backends: Backend[] = [];
  let oldBuild: ReturnType<typeof fakeBuild>;
  let newBuild: ReturnType<typeof fakeBuild>;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'blankett-rolling-'));
    oldBuild = fakeBuild(root, 'old', 'Aa11Bb22');
    newBuild = fakeBuild(root, 'new', 'Cc33Dd44');
    old = await startTestServer({ kind: 'embedded', config: { distDir: oldBuild.dir } });
    fresh = await startTestServer({ kind: 'embedded', config: { distDir: newBuild.dir, previousDistDirs: [oldBuild.dir] } });
    withoutPrevious = await startTestServer({ kind: 'embedded', config: { distDir: newBuild.dir } });
    backends.push(...[old, fresh].map((s) => ({ host: '127.0.0.1', port: Number(new URL(s.url).port) })));
    proxy = await startProxy(backends);
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([old?.close(), fresh?.close(), withoutPrevious?.close()]);
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the old build\'s lazy chunk from the new instance once the old instance is gone, whole and cacheable', async () => {
    // The page as the old instance served it (the balancer's first pick).
    const page = await (await fetch(`${proxy.url}/`)).text();
    expect(page).toContain(oldBuild.entry);
    const entry = await (await fetch(`${old.url}${oldBuild.entry}`)).text();
    const lazy = /import\('([^']+)'\)/.exec(entry)?.[1];
    expect(lazy).toBe(oldBuild.lazy);
    // The old instance is taken out of the balancer and stopped; only the new build serves.
    backends.splice(0, 1);
    const stopping = old;
    old = undefined as unknown as TestServer;
    await stopping.close();
    expect(await (await fetch(`${proxy.url}/`)).text()).toContain(newBuild.entry);
    const res = await fetch(`${proxy.url}${lazy}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(oldBuild.lazyBody);
    const plain = await fetch(`${fresh.url}${oldBuild.entry}`, { headers: { 'accept-encoding': 'identity' } });
    expect(await plain.text()).toBe(entry);
  });

  it('answered 404 for it without DIST_PREVIOUS_DIR (what broke), and serves nothing unhashed from the old build', async () => {
    expect((await fetch(`${withoutPrevious.url}${oldBuild.lazy}`)).status).toBe(404);
    expect((await fetch(`${fresh.url}/assets/AdminApp-Zz99Yy88.js`)).status).toBe(404);
    expect(await (await fetch(`${fresh.url}/build.txt`)).text()).toBe('new');
    expect(await (await fetch(`${fresh.url}${newBuild.lazy}`)).text()).toBe(newBuild.lazyBody);
  });
});
