/**
 * What the browser benchmarks share: a page built with Vite's build API into one IIFE file
 * (plus its CSS), the statistics they report, and the standalone entry. Chromium itself
 * comes from the browser-test harness (`launchBrowser`), so flags live in one place.
 * Files starting with `_` are not benchmarks: scripts/bench/run.ts skips them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { formatFigure, isFigure, type BenchContext, type BenchResult } from './_report';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface BuiltPage {
  js: string;
  css: string;
}

/** Builds `entry` (a React page) for production into `outDir` as page.js (+ page.css). */
export async function buildPage(entry: string, outDir: string, minify = true): Promise<BuiltPage> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      minify,
      lib: { entry, formats: ['iife'], name: 'BenchPage', fileName: () => 'page.js', cssFileName: 'page' },
    },
  });
  const css = readdirSync(outDir).filter((f) => f.endsWith('.css')).map((f) => readFileSync(join(outDir, f), 'utf8')).join('\n');
  return { js: readFileSync(join(outDir, 'page.js'), 'utf8'), css };
}

/** The p-th percentile (nearest rank) of unsorted values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Runs a benchmark's `run()` when its file is executed directly (`node --import tsx <file>`). */
export function runStandalone(moduleUrl: string, run: (ctx: BenchContext) => Promise<BenchResult>): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  run({ progress: (m) => console.log(`  … ${m}`) }).then(
    (lines) => console.log(lines.map((l) => (isFigure(l) ? formatFigure(l) : l)).join('\n')),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
