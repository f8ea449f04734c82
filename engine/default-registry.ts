import { fieldTypeDefinitions, validatorDefinitions } from '../schemas/generated/catalogue';
import { createCompiler, type Compiler } from './compile';
import { adoptFieldTypesOf } from './field-types';
import { createRegistry, type Registry } from './registry';
import { builtinValidators } from './validators/index';

let registry: Registry | undefined;
let compiler: Compiler | undefined;
let trusted: { registry: Registry; compiler: Compiler } | undefined;

/** The registry of the catalogue under schemas/ (built once, on first use). */
export function defaultRegistry(): Registry {
  if (!registry) {
    registry = createRegistry(fieldTypeDefinitions, validatorDefinitions);
    adoptFieldTypesOf(registry);
  }
  return registry;
}

/**
 * Makes `given` the default registry (the server, at start, with the catalogue folders it
 * reads: schemas/ and CATALOGUE_DIR). Everything that asks defaultRegistry() or
 * defaultFieldTypes() afterwards, compiling, exporting and engine/answer-kinds.ts, uses it.
 */
export function setDefaultRegistry(given: Registry): void {
  registry = given;
  adoptFieldTypesOf(given);
  compiler = undefined;
}

/** The field types of the default catalogue (engine/field-types.ts, which has no compiler). */
export { defaultFieldTypes } from './field-types';

/** The compiler (and compile cache) of the default registry. */
export function defaultCompiler(): Compiler {
  compiler ??= createCompiler(defaultRegistry());
  return compiler;
}

/**
 * The same catalogue for the browser: a trusted registry (createRegistry's `trusted`; the
 * server and the catalogue test check these very declarations in full) and a compiler that
 * compiles a form's validator on its first validation. Same schemas, uiSchemas and
 * validation results as defaultCompiler, without ajv's up-front work.
 */
export function trustedDefaults(): { registry: Registry; compiler: Compiler } {
  if (!trusted) {
    const reg = createRegistry(fieldTypeDefinitions, validatorDefinitions, builtinValidators, { trusted: true });
    trusted = { registry: reg, compiler: createCompiler(reg, { cacheSize: 50, deferValidator: true }) };
  }
  return trusted;
}
