/**
 * Registers the engine with the catalogue under schemas/ and every built-in widget as the
 * default of ApplicationForm and the builder (engine/react/defaultEngine.ts). It compiles with
 * the trusted copy of the default catalogue (engine trustedDefaults: no meta-schema work, a
 * form's validator compiled on its first validation), so the apply page shows its form without
 * first paying for ajv; results are those of compileTemplate. Import it for its effect.
 */
import { trustedDefaults } from '../engine/default-registry';
import { registerDefaultFormEngine } from '../engine/react/defaultEngine';
import { createFormEngine } from '../engine/react/FormEngineProvider';
import type { CompileFn } from '../engine/react/contract';
import { builtInWidgets } from './index';

registerDefaultFormEngine(() => {
  const { registry, compiler } = trustedDefaults();
  return createFormEngine({
    compile: compiler.compileTemplate as CompileFn,
    fieldTypes: registry,
    widgets: builtInWidgets,
  });
});
