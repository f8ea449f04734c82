import { fieldTypeDefinitions, validatorDefinitions } from '../schemas/generated/catalogue';
import { createCompiler, type Compiler } from './compile';
import { createRegistry, type Registry } from './registry';

let registry: Registry | undefined;
let compiler: Compiler | undefined;

/** The registry of the catalogue under schemas/ (built once, on first use). */
export function defaultRegistry(): Registry {
  registry ??= createRegistry(fieldTypeDefinitions, validatorDefinitions);
  return registry;
}

/** The compiler (and compile cache) of the default registry. */
export function defaultCompiler(): Compiler {
  compiler ??= createCompiler(defaultRegistry());
  return compiler;
}
