/**
 * `npm run bench`: runs every benchmark in scripts/bench/ (each file exporting
 * `run(ctx): Promise<BenchResult>`, see _report.ts), printing each figure beside the peer
 * measured in the same run, the ratio, the goal and whether it is met, then a summary table.
 *   npm run bench -- engine-validate typing      only these
 *   npm run bench -- --json bench.json           also write the figures as JSON
 * Exits 1 when a benchmark failed or a goal was missed, so a tracking job can see it.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatFigure, goalText, isFigure, metGoal, metText, ratioOf, type BenchContext, type BenchResult, type Figure } from './_report';

const dir = import.meta.dirname;
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
if (jsonAt >= 0 && !jsonFile) {
  console.error('--json behöver ett filnamn');
  process.exit(2);
}
const wanted = args.filter((_, i) => jsonAt < 0 || (i !== jsonAt && i !== jsonAt + 1));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .filter((f) => wanted.length === 0 || wanted.includes(basename(f, '.ts')))
  .sort();

const started = Date.now();
const since = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const all: { bench: string; figure: Figure }[] = [];
const failures: { bench: string; error: string }[] = [];

for (const [i, file] of files.entries()) {
  const name = basename(file, '.ts');
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { run?: (ctx: BenchContext) => Promise<BenchResult> };
  if (typeof mod.run !== 'function') continue;
  console.log(`\n== [${i + 1}/${files.length}] ${name} (${since()})`);
  const t0 = performance.now();
  const ctx: BenchContext = { progress: (m) => console.log(`  … ${m} (${since()})`) };
  try {
    for (const item of await mod.run(ctx)) {
      if (isFigure(item)) {
        all.push({ bench: name, figure: item });
        console.log(formatFigure(item));
      } else console.log(item);
    }
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    failures.push({ bench: name, error });
    console.log(`  misslyckades: ${error}`);
  }
  console.log(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

const num = (n: number | null | undefined) => (n === null || n === undefined ? '–' : Number(n.toPrecision(4)).toLocaleString('sv-SE'));
console.log('\n== Sammanfattning');
const rows = all.map(({ bench, figure: f }) => [
  bench,
  f.name,
  `${num(f.ours)} ${f.unit}`,
  f.peer === undefined ? '–' : `${num(f.peer)} ${f.unit}`,
  ratioOf(f) === null ? '–' : `${num(ratioOf(f))}×`,
  goalText(f),
  metText(metGoal(f)),
]);
const head = ['mätning', 'vad', 'vår', 'jämförelse', 'kvot', 'mål', 'uppfyllt'];
const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ');
console.log(line(head));
for (const r of rows) console.log(line(r));
for (const f of failures) console.log(`${f.bench}: misslyckades (${f.error})`);
const missed = all.filter(({ figure }) => metGoal(figure) === false).length;
console.log(`\n${all.length} mätningar, ${all.filter(({ figure }) => metGoal(figure) === true).length} mål uppfyllda, ${missed} missade, ${failures.length} misslyckade körningar (${since()})`);

if (jsonFile) {
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    commit = '';
  }
  const out = {
    at: new Date().toISOString(),
    commit,
    figures: all.map(({ bench, figure }) => ({ bench, ...figure, ratio: ratioOf(figure), met: metGoal(figure) })),
    failures,
  };
  writeFileSync(jsonFile, JSON.stringify(out, null, 2) + '\n');
  console.log(`Skrev ${jsonFile}`);
}
process.exit(failures.length > 0 || missed > 0 ? 1 : 0);
