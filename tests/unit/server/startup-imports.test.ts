import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileOf, importsOf } from '../../../eslint/imports.js';
import { serverBundle } from '../../../scripts/server-bundle';

/**
 * What a server start loads: the static value imports reachable from server/main.ts and from
 * the files it discovers at start (every route file, every action file). The libraries below
 * serve a few requests (a passkey, a PDF, a demo run, inbound mail, a Mongo store) and load
 * with the first of them; statically imported they cost every start-up about a second of CPU
 * (5.8 → 4.8 s per start on this machine), and every test that starts a server paid it.
 * The bundle the tests start (scripts/server-bundle.ts) is checked alike: its chunks' static
 * imports from main.mjs.
 */
const LATE = ['@simplewebauthn/server', '@faker-js/faker', 'pdfkit', 'fontkit', 'wawoff2', 'mailparser', 'smtp-server', 'qrcode', 'mongodb'];

const root = resolve(import.meta.dirname, '../../..');

function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ts$/.test(f) && !/(^|\/)index\.ts$/.test(f) && !/\.(d|test)\.ts$/.test(f))
    .map((f) => join(dir, f));
}

/** The packages a start loads, each with one chain of files that leads to it. */
function startupPackages(): Map<string, string[]> {
  const roots = [join(root, 'server/main.ts'), ...filesIn(join(root, 'server/routes')), ...filesIn(join(root, 'server/actions'))];
  const via = new Map<string, string[]>(roots.map((r) => [r, [r]]));
  const queue = [...roots];
  const packages = new Map<string, string[]>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const { spec, typeOnly, dynamic } of importsOf(readFileSync(file, 'utf8'))) {
      // A type is erased, and a dynamic import loads with the first request that needs it.
      if (typeOnly || dynamic) continue;
      const chain = [...via.get(file)!, spec];
      if (!spec.startsWith('.')) {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, chain.map((f) => relative(root, f) || f));
        continue;
      }
      const next = fileOf(file, spec);
      if (next && !via.has(next)) {
        via.set(next, [...via.get(file)!, next]);
        queue.push(next);
      }
    }
  }
  return packages;
}

describe('a server start', () => {
  const packages = startupPackages();

  it('reads the import graph (it finds the libraries every start needs)', () => {
    // Without these the walk found nothing, and the check below could not fail.
    for (const needed of ['koa', '@koa/router', 'ajv', 'better-sqlite3', 'ws']) expect(packages.has(needed), needed).toBe(true);
  });

  it.each(LATE)('does not load %s (it loads with the first request that needs it)', (name) => {
    expect(packages.get(name), `imported at start through ${packages.get(name)?.join(' → ')}`).toBeUndefined();
  });
});

/** The packages the bundle's start loads: the static imports of main.mjs and of the chunks it imports statically. */
function bundlePackages(main: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [main];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { spec, dynamic } of importsOf(readFileSync(file, 'utf8'))) {
      if (dynamic) continue;
      if (spec.startsWith('./')) queue.push(join(dirname(file), spec));
      else if (!spec.startsWith('node:')) packages.add(/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(spec)?.[1] ?? (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!));
    }
  }
  return packages;
}

describe('the bundled server', () => {
  it('is made once per source and loads at start what the sources do, and none of the late ones', async () => {
    const main = await serverBundle();
    expect(await serverBundle()).toBe(main);
    const packages = bundlePackages(main);
    for (const needed of ['koa', '@koa/router', 'ajv', 'better-sqlite3', 'ws']) expect(packages.has(needed), needed).toBe(true);
    expect(LATE.filter((name) => packages.has(name))).toEqual([]);
  }, 30_000);
});
