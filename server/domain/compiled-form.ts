import { compileTemplate, defaultRegistry } from '../../engine/index';
import type { PrecompiledForm } from '../../engine/precompiled';
import { createStandaloneCompiler, type StandaloneCompiler, type StandaloneModule } from '../../engine/standalone';
import type { MetadataProperty } from '../../engine/types';

/**
 * A position's form compiled on the server for the public pages: the JSON Schema and uiSchema
 * of the engine's compile (its compile cache, under the identity the apply verdict uses) and the
 * URL of its validator as ajv standalone code (server/routes/validators.ts serves it). The
 * public apply page renders and validates with these and never compiles, so its CSP needs no
 * 'unsafe-eval' and its bundle no ajv.
 */

const VALIDATOR_PATH = '/api/public/validators/';

let compiler: StandaloneCompiler | undefined;
function standalone(): StandaloneCompiler {
  compiler ??= createStandaloneCompiler(defaultRegistry(), 200);
  return compiler;
}

/**
 * The compiled form of a position; null when its form does not compile or its validator cannot
 * be generated (the apply page then says the form cannot be shown; the position page is not
 * broken by it).
 */
export function compiledFormOf(p: { id: number; formVersion: number; metadata: MetadataProperty[] }): PrecompiledForm | null {
  try {
    const compiled = compileTemplate({ metadata: p.metadata, key: `position:${p.id}`, version: p.formVersion });
    const { hash } = standalone().moduleFor(compiled.schema);
    return { schema: compiled.schema, uiSchema: compiled.uiSchema, validator: `${VALIDATOR_PATH}${hash}.js` };
  } catch {
    return null;
  }
}

/** A validator module this process produced and still holds, by its hash. */
export function validatorModule(hash: string): StandaloneModule | undefined {
  return standalone().byHash(hash);
}
