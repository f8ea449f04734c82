import { trustedDefaults } from '../default-registry';
import { createRjsfValidator } from '../rjsf';
import { builtInWidgets } from '../../widgets';
import { createFormEngine, type FormEngine } from './FormEngineProvider';
import type { CompileFn } from './contract';

let engine: FormEngine | undefined;

/**
 * The engine with the catalogue under schemas/ and every built-in widget; created once.
 * It compiles with the trusted copy of the default catalogue (engine trustedDefaults: no
 * meta-schema work, a form's validator compiled on its first validation), so the apply page
 * shows its form without first paying for ajv; results are those of compileTemplate.
 */
export function defaultFormEngine(): FormEngine {
  if (!engine) {
    const { registry, compiler } = trustedDefaults();
    engine = createFormEngine({
      compile: compiler.compileTemplate as CompileFn,
      fieldTypes: registry,
      widgets: builtInWidgets,
      rjsfValidator: createRjsfValidator({ registry }),
    });
  }
  return engine;
}
