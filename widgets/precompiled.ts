/**
 * The built-in widgets on the engine for precompiled forms (engine/react/precompiledEngine.ts):
 * what the public apply page renders with, without the compiler and ajv that widgets/register.ts
 * brings for the admin pages.
 */
import type { FormEngine } from '../engine/react/context';
import { createPrecompiledFormEngine } from '../engine/react/precompiledEngine';
import { builtInWidgets } from './index';

let engine: FormEngine | undefined;

export function publicFormEngine(): FormEngine {
  engine ??= createPrecompiledFormEngine(builtInWidgets);
  return engine;
}
