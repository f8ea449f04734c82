/**
 * Benchmark (b): compiles per template version over 10,000 validations, the template re-read
 * from its JSON file each time (as the server reads a position per request). Goal: exactly 1.
 * The peer compiles the same form for every validation (no cache), timed over fewer calls.
 * Run alone: node --import tsx scripts/bench/engine-cache.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCompiler, defaultRegistry, type FormTemplate } from '../../engine/index';
import type { BenchResult } from './_report';
import { runStandalone } from './_pages';

const FIXTURE = join(import.meta.dirname, '../../tests/fixtures/form-200.json');
const VALID = join(import.meta.dirname, '../../tests/fixtures/form-200.valid.json');
const VALIDATIONS = 10_000;
const PEER_VALIDATIONS = 50;

export async function run(): Promise<BenchResult> {
  const answers = JSON.parse(readFileSync(VALID, 'utf8')) as Record<string, unknown>;
  const registry = defaultRegistry();

  const cached = createCompiler(registry);
  let t0 = performance.now();
  for (let i = 0; i < VALIDATIONS; i++) {
    const template = JSON.parse(readFileSync(FIXTURE, 'utf8')) as FormTemplate;
    if (!cached.compileTemplate(template).validate(answers).valid) throw new Error('fixture answers are invalid');
  }
  const oursMs = (performance.now() - t0) / VALIDATIONS;

  // The peer: the same work with a compile per validation (a fresh compiler never hits a cache).
  t0 = performance.now();
  let peerCompiles = 0;
  for (let i = 0; i < PEER_VALIDATIONS; i++) {
    const template = JSON.parse(readFileSync(FIXTURE, 'utf8')) as FormTemplate;
    const fresh = createCompiler(registry);
    fresh.compileTemplate(template).validate(answers);
    peerCompiles += fresh.compiles;
  }
  const peerMs = (performance.now() - t0) / PEER_VALIDATIONS;

  return [
    `  ${VALIDATIONS.toLocaleString('sv-SE')} valideringar, mallen inläst från JSON varje gång`,
    { name: 'kompileringar per mallversion', ours: cached.compiles, peer: peerCompiles / PEER_VALIDATIONS * VALIDATIONS, peerName: 'utan cache', unit: 'st', goal: { atMost: 1 } },
    { name: 'tid per validering inkl. inläsning', ours: oursMs, peer: peerMs, peerName: 'utan cache', unit: 'ms' },
  ];
}

runStandalone(import.meta.url, run);
