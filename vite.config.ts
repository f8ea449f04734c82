import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { svSplit } from './scripts/vite/sv-split.ts';
import { screenNotes } from './scripts/vite/screen-notes.ts';
import { screenTable } from './scripts/vite/screen-table.ts';

/** Browser-only replacements the server bundle must not take (the server sanitises with sanitize-html). */
const BROWSER_ONLY_ALIASES = new Set(['./sanitize-backend', './on-demand']);

/**
 * Brotli (highest quality) and gzip copies beside each hashed text asset, so the server
 * sends them without compressing at run time (server/http/compress.ts).
 */
function precompress(dir: string): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (!/\.(js|mjs|css|svg|json)$/.test(name)) continue;
    const file = join(dir, name);
    const data = readFileSync(file);
    if (data.length < 512) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }));
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
}

/**
 * After the browser build, the server renderer's bundle (screens/public/entry-server.tsx)
 * into `<outDir>/.ssr/`, so every `vite build` (npm run build, a test's own `--outDir`)
 * yields both halves the server needs. Dependencies stay external (Node loads them from
 * node_modules); CSS imports are dropped from it (the head links the built CSS instead).
 */
function ssrBundle(aliases: Record<string, string>): Plugin {
  let root = '';
  let outDir = '';
  let isSsr = false;
  return {
    name: 'blankett-ssr-bundle',
    apply: 'build',
    configResolved(c) {
      root = c.root;
      outDir = resolve(c.root, c.build.outDir);
      isSsr = Boolean(c.build.ssr);
    },
    async closeBundle(error?: Error) {
      if (isSsr || error) return;
      precompress(join(outDir, 'assets'));
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        resolve: { alias: Object.fromEntries(Object.entries(aliases).filter(([k]) => !BROWSER_ONLY_ALIASES.has(k))) },
        // Everything bundled: a build elsewhere (DIST_DIR=/tmp/…) has no node_modules beside it.
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: 'screens/public/entry-server.tsx',
          outDir: join(outDir, '.ssr'),
          emptyOutDir: true,
          copyPublicDir: false,
          sourcemap: false,
          rollupOptions: {
            output: { entryFileNames: 'entry-server.js' },
            // PublicApp is lazy in the browser (screens/App.tsx) and static here, on purpose.
            onwarn(warning, warn) {
              if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
            },
          },
        },
      });
    },
  };
}

/**
 * @rjsf/utils gets engine/react/uri-lite.ts (fast-uri's equal/resolve on the browser's URL
 * parser) instead of fast-uri, so fast-uri (~7.6 KB gzip) leaves the public apply page; ajv (the
 * admin pages) keeps the real one. Why it is safe, and the check: uri-lite.ts and its test.
 */
function rjsfUriLite(): Plugin {
  const lite = fileURLToPath(new URL('./engine/react/uri-lite.ts', import.meta.url));
  return {
    name: 'blankett-rjsf-uri-lite',
    enforce: 'pre',
    resolveId(source, importer) {
      const fastUri = source === 'fast-uri' || source.endsWith('/node_modules/fast-uri/index.js');
      return fastUri && importer?.includes('/node_modules/@rjsf/utils/') ? lite : null;
    },
  };
}

/**
 * The shared chunk of react-aria-components (the shell's search, bell and user menu, the export
 * menu and the modal load it when first used) is named react-aria-*.js whatever module the bundler
 * would name it after, and a screen file's chunk screen-<id>-*.js, so the budget test can tell
 * what a first page loads (tests/e2e/admin-js-budget.test.ts). Other chunks keep the default name.
 */
function sharedChunkName(chunk: { facadeModuleId: string | null; moduleIds: readonly string[] }): string {
  const reactAria = chunk.facadeModuleId === null && chunk.moduleIds.some((id) => id.includes('/node_modules/react-aria-components/'));
  if (reactAria) return 'assets/react-aria-[hash].js';
  // A screen file's own chunk (screens/runner/catalogue.ts) is screen-<id>-*.js, so a route's list of scripts says which files it loaded.
  const screenFile = /\/schemas\/screens\/([^/?]+)\.json$/.exec(chunk.facadeModuleId ?? '');
  return screenFile ? `assets/screen-${screenFile[1]}-[hash].js` : 'assets/[name]-[hash].js';
}

// The front end: one SPA (public site + admin) built into dist/, served by the Koa server.
const ALIASES: Record<string, string> = {
  // @rjsf/core imports markdown-to-jsx (~84 KB) for features Blankett never turns on
  // (ui:enableMarkdownIn*, RJSF's own file widget); the adapter renders their text as plain
  // text. Why it is safe, and the check: engine/react/markdown-plain.tsx. Vitest does not
  // use this file, so the unit tests still run the real package.
  'markdown-to-jsx/react': fileURLToPath(new URL('./engine/react/markdown-plain.tsx', import.meta.url)),
  // ajv brings fast-uri 3 and @rjsf/utils fast-uri 4 (same parse/resolve/serialize API,
  // which is all ajv uses): one copy in the browser instead of two (~22 KB). The server
  // keeps ajv's own copy; the apply browser tests run this build.
  'fast-uri': fileURLToPath(new URL('./node_modules/fast-uri/index.js', import.meta.url)),
  // One HTML policy, two libraries (engine/sanitize.ts): DOMPurify in the browser instead of
  // sanitize-html, which the server uses (it would add ~95 KB gzip to the apply page).
  './sanitize-backend': fileURLToPath(new URL('./engine/sanitize-backend.browser.ts', import.meta.url)),
  // The apply page's rarely used widgets (summer periods, image upload, help link) load on
  // demand in the browser; the server renders them at once, in the same Suspense boundary.
  './on-demand': fileURLToPath(new URL('./screens/public/on-demand-widgets.browser.ts', import.meta.url)),
};

/**
 * What makes a browser build ship as the app does: the text split, the screen table, the
 * aliases above. The benches build their pages with it too (scripts/bench/_pages.ts), so a
 * page measured there carries what users get, not all of sv.json and the server's sanitiser.
 */
export const browserBuild = {
  plugins: (): PluginOption[] => [react(), svSplit(fileURLToPath(new URL('./schemas/messages/sv.json', import.meta.url))), screenNotes(), screenTable(), rjsfUriLite()],
  aliases: ALIASES,
};

export default defineConfig({
  plugins: [...browserBuild.plugins(), ssrBundle(ALIASES)],
  root: '.',
  resolve: { alias: ALIASES },
  // The manifest names each route's chunks and CSS for the server-rendered head (server/ssr/assets.ts).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true, modulePreload: { polyfill: false }, rollupOptions: { output: { chunkFileNames: sharedChunkName, codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] } } } },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/notifications': { target: 'ws://127.0.0.1:3000', ws: true } } },
});
