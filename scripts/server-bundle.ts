import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * The server as plain JavaScript modules (esbuild): what `npm start` runs, and the server
 * processes that tests and benchmarks start (`npm run dev:server` runs the sources). Under
 * `--import tsx` a start spent about half its CPU in tsx: resolving each of ~400 TypeScript
 * files through its loader thread and compiling them one by one
 * (4.6–5.2 s of CPU and 3.2–3.8 s to listening on an idle machine; bundled, 2.4–2.5 s and
 * 1.9–2.0 s). CI starts about 75 of them.
 *
 * The bundle is the same code, not a build of its own: made from the sources on first use in
 * each process (about 0.4 s), into a folder named by the hash of its output, so a changed
 * source is never served stale and processes side by side share one copy.
 * - Packages stay outside (node_modules, as under tsx); a package file named without its
 *   extension (`ajv/dist/2020`) is written as the file esbuild finds.
 * - `import.meta.dirname`, `.filename` and `.url` keep naming each module's source file, so
 *   the files a module reads beside itself (schemas, fonts, the PDF worker) are found as before.
 * - Every dynamic import is its own chunk (splitting), so what a start does not load (faker,
 *   pdfkit, mongodb: tests/unit/server/startup-imports.test.ts) the bundle does not load either;
 *   the discovered route and action files are imported by relative paths esbuild can follow.
 */

const root = resolve(import.meta.dirname, '..');
const CACHE = join(root, 'node_modules/.cache/blankett-server');

/** Packages stay in node_modules; a deep import names its file. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'deep') return undefined;
      const deep = /^(@[^/]+\/)?[^/]+\/.+/.test(args.path) && !args.path.startsWith('node:');
      if (!deep || /\.(m?js|cjs|json)$/.test(args.path)) return { path: args.path, external: true };
      const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'deep' });
      return found.errors.length > 0 ? undefined : { path: pathToFileURL(found.path).href, external: true };
    });
  },
};

/** Each module's import.meta names its source file. */
const sourcePlaces: Plugin = {
  name: 'source-places',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const contents = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

async function make(): Promise<string> {
  const out = join(CACHE, 'out');
  const result = await build({
    entryPoints: { main: join(root, 'server/main.ts') },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: out,
    outExtension: { '.js': '.mjs' },
    write: false,
    logLevel: 'silent',
    plugins: [packagesOutside, sourcePlaces],
  });
  const files = result.outputFiles.map((f) => ({ name: relative(out, f.path), contents: f.contents })).sort((a, b) => (a.name < b.name ? -1 : 1));
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f.name}\0`).update(f.contents);
  const dir = join(CACHE, hash.digest('hex').slice(0, 16));
  if (!existsSync(join(dir, 'main.mjs'))) {
    // Written beside, then renamed into place: a process that finds the folder finds it whole.
    const tmp = `${dir}.${process.pid}-${randomBytes(4).toString('hex')}`;
    mkdirSync(tmp, { recursive: true });
    for (const f of files) writeFileSync(join(tmp, f.name), f.contents);
    try {
      renameSync(tmp, dir);
    } catch {
      // Another process put the same bundle there first.
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  prune(dir);
  return join(dir, 'main.mjs');
}

/** Bundles of other sources go after an hour (a server still running one may load a chunk of it late). */
function prune(keep: string): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (path === keep) continue;
    try {
      if (statSync(path).mtimeMs < hourAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

let made: Promise<string> | undefined;

/** The bundled `server/main.ts` of the sources as they are now (made once per process). */
export function serverBundle(): Promise<string> {
  made ??= make();
  return made;
}

// `npm start`: prints the bundle's main module for the shell to run.
if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  process.stdout.write(`${await serverBundle()}\n`);
}
