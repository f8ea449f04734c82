import { compileTemplate, defaultRegistry, type Registry } from '../../../engine/index';
import type { PrecompiledForm } from '../../../engine/precompiled';
import { createStandaloneCompiler, type StandaloneCompiler, type StandaloneModule } from '../../../engine/standalone';
import type { MetadataProperty } from '../../../engine/types';

/**
 * A position's form compiled on the server for the public pages: the JSON Schema and uiSchema
 * of the engine's compile (its compile cache, under the identity the apply verdict uses) and the
 * URL of its validator as ajv standalone code (server/routes/validators.ts serves it). The
 * public apply page renders and validates with these and never compiles, so its CSP needs no
 * 'unsafe-eval' and its bundle no ajv.
 */

const VALIDATOR_PATH = '/api/public/validators/';

let compiler: { registry: Registry; standalone: StandaloneCompiler } | undefined;
function standalone(): StandaloneCompiler {
  // The server sets its catalogue at start (server/catalogue.ts): a compiler of an earlier registry is not reused.
  if (compiler?.registry !== defaultRegistry()) compiler = { registry: defaultRegistry(), standalone: createStandaloneCompiler(defaultRegistry(), 200) };
  return compiler.standalone;
}

/**
 * The compiled form of a position; null when its form does not compile or its validator cannot
 * be generated (the apply page then says the form cannot be shown; the position page is not
 * broken by it).
 */
export function compiledFormOf(p: PositionForm): PrecompiledForm | null {
  // `p` names the position, so a process that has not made this module (another process, a
  // restart) can make it again when asked (validatorModule); the hash alone decides what is served.
  const ref = p.isInternal && p.linkId ? p.linkId : String(p.id);
  return precompiledForm({ metadata: p.metadata, key: `position:${p.id}`, version: p.formVersion }, ref);
}

/**
 * Any form compiled for a public page (a position's, a reference form's: server/domain/references/):
 * null when it does not compile. Without `ref` the validator is served by this process only while it holds it.
 */
export function precompiledForm(form: { metadata: MetadataProperty[]; key: string; version: number }, ref?: string): PrecompiledForm | null {
  try {
    const compiled = compileTemplate(form);
    const { hash } = standalone().moduleFor(compiled.schema);
    return { schema: compiled.schema, uiSchema: compiled.uiSchema, validator: `${VALIDATOR_PATH}${hash}${ref ? `-${ref}` : ''}.js` };
  } catch {
    return null;
  }
}

/**
 * The form version an application answered, compiled here for the staff applicant page, which
 * draws the answers read-only with it (ApplicationForm `shown`) and so loads no compiler, ajv or
 * sanitiser; null when it does not compile (the page says the form cannot be shown). The key and
 * version are the ones the page compiles with when staff edit the answers.
 */
export function shownFormOf(form: { metadata: MetadataProperty[]; positionId: number; version: number }): { schema: Record<string, unknown>; uiSchema: Record<string, unknown> } | null {
  try {
    const compiled = compileTemplate({ metadata: form.metadata, key: `position-${form.positionId}`, version: form.version });
    return { schema: compiled.schema, uiSchema: compiled.uiSchema as Record<string, unknown> };
  } catch {
    return null;
  }
}

interface PositionForm {
  id: number;
  formVersion: number;
  metadata: MetadataProperty[];
  isInternal?: boolean;
  linkId?: string;
}

/**
 * A validator module by its hash: one this process holds, or else the current form of the
 * position `position()` finds, made now, when its hash is the one asked for. Undefined otherwise.
 */
export async function validatorModule(hash: string, position?: () => Promise<PositionForm | null>): Promise<StandaloneModule | undefined> {
  const held = standalone().byHash(hash);
  if (held || !position) return held;
  const p = await position();
  if (p) compiledFormOf(p);
  return standalone().byHash(hash);
}
