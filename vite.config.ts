import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The front end: one SPA (public site + admin) built into dist/, served by the Koa server.
export default defineConfig({
  plugins: [react()],
  root: '.',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/notifications': { target: 'ws://127.0.0.1:3000', ws: true } } },
});
