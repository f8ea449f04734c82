/**
 * Bundle composition per chunk and package (rendered bytes before minification, and the
 * chunk's own raw/gzip size), from the real vite.config.ts. Diagnostic:
 *   node --import tsx scripts/bench/apply-page/sizes.ts   (MODS=<chunk name> lists its modules)
 */
import { build } from 'vite';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
const ROOT = resolve(import.meta.dirname, '../../..');
await build({
  configFile: resolve(ROOT, 'vite.config.ts'), root: ROOT, logLevel: 'error',
  build: { outDir: '/tmp/blankett-sizes-dist', emptyOutDir: true, write: false },
  plugins: [{
    name: 'sizes',
    generateBundle(_o, bundle) {
      for (const c of Object.values(bundle) as any[]) {
        if (c.type !== 'chunk') continue;
        const pk = new Map<string, number>();
        for (const [id, m] of Object.entries(c.modules) as any) {
          const mm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
          const k = mm ? mm[1] : id.replace(ROOT + '/', '').replace(/\/[^/]*$/, '/');
          pk.set(k, (pk.get(k) ?? 0) + m.renderedLength);
        }
        console.log(c.fileName, (c.code.length / 1024).toFixed(1), 'KB raw', (gzipSync(c.code).length / 1024).toFixed(1), 'KB gz', 'imports', c.imports.join(','));
        if (process.env.MODS && c.fileName.includes(process.env.MODS)) for (const [id, m] of Object.entries(c.modules) as any) console.log("      ", (m.renderedLength/1024).toFixed(1), id.replace(/.*node_modules\//, ""));
        for (const [k, v] of [...pk].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log('   ', (v / 1024).toFixed(1).padStart(7), k);
      }
    },
  }],
});
