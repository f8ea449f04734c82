/**
 * `npm run bench`: runs every benchmark in scripts/bench/ (each file exporting
 * `run(): Promise<string[]>`), printing ours beside the peer measured in the same run and
 * the ratio. Pass names to run some: `npm run bench -- engine-validate typing`.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .filter((f) => wanted.length === 0 || wanted.includes(basename(f, '.ts')))
  .sort();

let failed = 0;
for (const file of files) {
  const name = basename(file, '.ts');
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { run?: () => Promise<string[]> };
  if (typeof mod.run !== 'function') continue;
  console.log(`\n== ${name}`);
  const t0 = performance.now();
  try {
    for (const line of await mod.run()) console.log(line);
  } catch (err) {
    failed++;
    console.log(`  misslyckades: ${err instanceof Error ? err.message : String(err)}`);
  }
  console.log(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}
process.exit(failed > 0 ? 1 : 0);
