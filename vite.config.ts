import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The front end: one SPA (public site + admin) built into dist/, served by the Koa server.
export default defineConfig({
  plugins: [react()],
  root: '.',
  resolve: {
    alias: {
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
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/notifications': { target: 'ws://127.0.0.1:3000', ws: true } } },
});
