/**
 * Benchmark (c) of issue 2: typing into one field of a 200-field form, ApplicationForm vs plain
 * @rjsf/core <Form> on the same compiled schema, time per keystroke and the ratio (goal ≤ 0.5×).
 * Measured in real Chromium (Debian /usr/bin/chromium through playwright-core); both pages are
 * built with Vite's build API into a temporary folder. Runs standalone:
 *   node --import tsx scripts/bench/typing.ts
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from 'playwright-core';
import { compileTemplate } from '../../engine/index';
import type { FormTemplate, MetadataProperty } from '../../engine/types';

const ROOT = resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
const WARMUP = 30;
const KEYSTROKES = 150;
const ROUNDS = 5;

/** tests/fixtures/form-200.json when present, otherwise an equivalent 200-field form. */
export function loadTemplate(): { template: FormTemplate; source: string } {
  const fixture = join(ROOT, 'tests/fixtures/form-200.json');
  if (existsSync(fixture)) return { template: JSON.parse(readFileSync(fixture, 'utf8')) as FormTemplate, source: 'tests/fixtures/form-200.json' };
  const types = ['text', 'text', 'text', 'email', 'textarea', 'checkbox'];
  const metadata: MetadataProperty[] = Array.from({ length: 200 }, (_, i) => ({
    key: `form_f${i}`,
    type: types[i % types.length] as string,
    label: `Fält ${i + 1}`,
    required: i % 4 === 0,
    order: i,
    data: null,
    validators: i % 4 === 0 ? [{ name: 'minLength', data: 1 }] : [],
  }));
  return { template: { key: 'bench-200', version: 1, metadata }, source: 'genererat formulär med 200 fält' };
}

/** The text field in the middle of the form: the one we type into. */
function targetKey(template: FormTemplate): string {
  const texts = template.metadata.filter((p) => p.type === 'text');
  const middle = texts[Math.floor(texts.length / 2)];
  if (!middle) throw new Error('the form has no text field to type into');
  return middle.key;
}

async function buildPage(entry: string, outDir: string): Promise<{ js: string; css: string }> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      lib: { entry, formats: ['iife'], name: 'BenchPage', fileName: () => 'page.js', cssFileName: 'page' },
    },
  });
  const css = readdirSync(outDir).filter((f) => f.endsWith('.css')).map((f) => readFileSync(join(outDir, f), 'utf8')).join('\n');
  return { js: readFileSync(join(outDir, 'page.js'), 'utf8'), css };
}

interface Page {
  js: string;
  css: string;
  selector: string;
}

async function measure(browser: Browser, page: Page, globals: Record<string, unknown>): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const tab = await context.newPage();
  try {
    await tab.setContent('<!doctype html><html lang="sv"><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>');
    await tab.evaluate((g) => Object.assign(window, g), globals);
    if (page.css) await tab.addStyleTag({ content: page.css });
    await tab.addScriptTag({ content: page.js });
    await tab.waitForFunction((sel) => window.__benchReady === true && document.querySelector(sel) !== null, page.selector);
    const run = (n: number) => tab.evaluate(([sel, count]) => window.__benchType!(sel as string, count as number), [page.selector, n] as const);
    await run(WARMUP);
    return trimmedMean(await run(KEYSTROKES));
  } finally {
    await context.close();
  }
}

/** Mean of the middle 80%: a GC pause or a frame does not decide it, and the 0.1 ms clock steps average out. */
function trimmedMean(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length * 0.1);
  const kept = sorted.slice(cut, sorted.length - cut);
  return kept.reduce((sum, v) => sum + v, 0) / kept.length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export async function run(): Promise<string[]> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium saknas (${CHROMIUM}); sätt CHROMIUM_PATH`);
  const { template, source } = loadTemplate();
  const compiled = compileTemplate(template);
  const key = targetKey(template);
  const fields = Object.keys(compiled.schema.properties as object).length;
  const dir = mkdtempSync(join(tmpdir(), 'blankett-typing-'));
  let browser: Browser | undefined;
  try {
    const ours = await buildPage(join(ROOT, 'scripts/bench/typing/ours.tsx'), join(dir, 'ours'));
    const plain = await buildPage(join(ROOT, 'scripts/bench/typing/plain.tsx'), join(dir, 'plain'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const oursTimes: number[] = [];
    const plainTimes: number[] = [];
    // Alternate the two so a slow moment of the shared machine hits both alike.
    for (let round = 0; round < ROUNDS; round++) {
      plainTimes.push(await measure(browser, { ...plain, selector: `[name="root_${key}"]` }, { __benchSchema: compiled.schema }));
      oursTimes.push(await measure(browser, { ...ours, selector: `[name="${key}"]` }, { __benchTemplate: template }));
    }
    const o = median(oursTimes);
    const p = median(plainTimes);
    const ratio = o / p;
    return [
      `  formulär: ${source} (${template.metadata.length} fält, ${fields} med egna svar), vi skriver i '${key}'; Chromium, median av ${ROUNDS} omgångar × ${KEYSTROKES} tangenttryck (trimmat medel)`,
      `  Blankett ApplicationForm:   ${o.toFixed(3)} ms per tangenttryck`,
      `  @rjsf/core <Form> (ren):    ${p.toFixed(3)} ms per tangenttryck`,
      `  kvot: ${ratio.toFixed(3)}× (mål ≤ 0.5×) ${ratio <= 0.5 ? 'uppnått' : 'EJ uppnått'}`,
    ];
  } finally {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().then(
    (lines) => console.log(lines.join('\n')),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
