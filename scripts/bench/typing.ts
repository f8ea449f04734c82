/**
 * Benchmark (c) of issue 2: typing into one field of a 200-field form, ApplicationForm vs plain
 * @rjsf/core <Form> on the same compiled schema, time per keystroke and the ratio (goal ≤ 0.5×).
 * Measured in real Chromium (Debian /usr/bin/chromium through playwright-core); both pages are
 * built with Vite's build API into a temporary folder. Runs standalone:
 *   node --import tsx scripts/bench/typing.ts
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/helpers/app';
import { ROOT, buildPage, runStandalone } from './_pages';
import { median } from './_stats';
import { compileTemplate } from '../../engine/index';
import { IMPORTED_TYPE } from '../../engine/answer-kinds';
import type { FormTemplate, MetadataProperty } from '../../engine/types';
import type { BenchResult } from './_report';

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
  const texts = template.metadata.filter((p) => p.type === IMPORTED_TYPE.text);
  const middle = texts[Math.floor(texts.length / 2)];
  if (!middle) throw new Error('the form has no text field to type into');
  return middle.key;
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


export async function run(): Promise<BenchResult> {
  const { template, source } = loadTemplate();
  const compiled = compileTemplate(template);
  const key = targetKey(template);
  const fields = Object.keys(compiled.schema.properties as object).length;
  const dir = mkdtempSync(join(tmpdir(), 'blankett-typing-'));
  let browser: Browser | undefined;
  try {
    const ours = await buildPage(join(ROOT, 'scripts/bench/typing/ours.tsx'), join(dir, 'ours'));
    const plain = await buildPage(join(ROOT, 'scripts/bench/typing/plain.tsx'), join(dir, 'plain'));
    browser = await launchBrowser();
    const oursTimes: number[] = [];
    const plainTimes: number[] = [];
    // Alternate the two so a slow moment of the shared machine hits both alike.
    for (let round = 0; round < ROUNDS; round++) {
      plainTimes.push(await measure(browser, { ...plain, selector: `[name="root_${key}"]` }, { __benchSchema: compiled.schema }));
      oursTimes.push(await measure(browser, { ...ours, selector: `[name="${key}"]` }, { __benchTemplate: template }));
    }
    const o = median(oursTimes);
    const p = median(plainTimes);
    return [
      `  formulär: ${source} (${template.metadata.length} fält, ${fields} med egna svar), vi skriver i '${key}'; Chromium, median av ${ROUNDS} omgångar × ${KEYSTROKES} tangenttryck (trimmat medel)`,
      { name: 'tid per tangenttryck', ours: o, peer: p, peerName: '@rjsf/core <Form>', unit: 'ms', goal: { ratioAtMost: 0.5 } },
    ];
  } finally {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

runStandalone(import.meta.url, run);
