/**
 * Benchmark (a): server-side validation of a valid and an invalid 200-field submission with
 * compileTemplate(...).validate, against a raw ajv validator compiled from the same schema
 * (same keywords, no error mapping). Goal: our throughput >= 0.8x raw ajv.
 * Run alone: node --import tsx scripts/bench/engine-validate.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addBlankettKeywords, AJV_OPTIONS, Ajv2020 } from '../../engine/ajv';
import { compileTemplate, defaultRegistry, type FormTemplate } from '../../engine/index';
import type { BenchResult } from './_report';
import { runStandalone } from './_pages';

const FIXTURES = join(import.meta.dirname, '../../tests/fixtures');
const GOAL = 0.8;
const ROUNDS = 21;

const readJson = <T>(name: string): T => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as T;

/** Nanoseconds per call of fn, over `iterations` calls. */
function timePerCall(fn: () => unknown, iterations: number): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  return Number(process.hrtime.bigint() - t0) / iterations;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Alternates ours and the peer round by round so both see the same machine load. */
function compare(ours: () => unknown, peer: () => unknown): { ours: number; peer: number } {
  // Short rounds (~25 ms), many of them, alternating which goes first: the machine is shared,
  // and the median of many short interleaved rounds is what survives its noise.
  let iterations = 20;
  while (timePerCall(peer, iterations) * iterations < 25e6 && iterations < 1e6) iterations *= 2;
  timePerCall(ours, iterations * 2);
  timePerCall(peer, iterations * 2);
  const o: number[] = [];
  const p: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 0) {
      o.push(timePerCall(ours, iterations));
      p.push(timePerCall(peer, iterations));
    } else {
      p.push(timePerCall(peer, iterations));
      o.push(timePerCall(ours, iterations));
    }
  }
  return { ours: median(o), peer: median(p) };
}

export async function run(): Promise<BenchResult> {
  const template = readJson<FormTemplate>('form-200.json');
  const valid = readJson<Record<string, unknown>>('form-200.valid.json');
  const invalid = readJson<Record<string, unknown>>('form-200.invalid.json');
  const form = compileTemplate(template);

  const raw = addBlankettKeywords(new Ajv2020({ ...AJV_OPTIONS, passContext: false }), defaultRegistry().implementations);
  const rawValidate = raw.compile(structuredClone(form.schema));

  // Both must agree before timing means anything.
  if (form.validate(valid).valid !== true || rawValidate(valid) !== true) throw new Error('the valid fixture does not validate');
  const errors = form.validate(invalid).errors.length;
  if (rawValidate(invalid) !== false || errors === 0) throw new Error('the invalid fixture validates');

  const lines: BenchResult = [`  200 fält (tests/fixtures/form-200.json), ${errors} fel i den ogiltiga ansökan`];
  for (const [name, answers] of [['giltig', valid], ['ogiltig', invalid]] as const) {
    const t = compare(() => form.validate(answers), () => rawValidate(answers));
    lines.push({ name: `validering, ${name} ansökan`, ours: 1e9 / t.ours, peer: 1e9 / t.peer, peerName: 'rå ajv', unit: 'st/s', goal: { ratioAtLeast: GOAL } });
  }
  return lines;
}

runStandalone(import.meta.url, run);
