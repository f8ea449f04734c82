import equalModule from 'ajv/dist/runtime/equal';
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length';
import sv from '../schemas/messages/sv.json' with { type: 'json' };
import type { JSONSchema, UiSchema } from './build-form';
import { CHUNK_TIMEOUT_MS } from './chunk-timeout';
import { MessageCache, type MessageSource } from './messages';
import type { Answers, CompileContext, ValidationResult } from './types';
import { createKeywordRuntime, formats, RUNTIME_GLOBAL, RUNTIME_MODULE, RunContext } from './validator-runtime';
import { builtinValidators } from './validators/index';
import { verdict, type ValidatorFunction } from './verdict';

/**
 * The public pages' side of precompiled forms: the server compiled the form
 * (`compiledForm` of the public position answer, docs/contracts.md) and its validator as ajv
 * standalone code (engine/standalone.ts); this module registers the runtime that code reads,
 * loads it, and validates with the same verdict and messages as compileTemplate. No ajv
 * compiler here: only ajv's two runtime helpers the generated code calls (a code-point
 * length and deep equality, a few hundred bytes) and Blankett's keyword runtime.
 */

// CommonJS modules with `exports.default`: Node's ESM loader hands over the exports object,
// bundlers the default itself.
const cjsDefault = <T>(m: T): T => (m as { default?: T }).default ?? m;
const ucs2length = cjsDefault(ucs2lengthModule);
const equal = cjsDefault(equalModule);

/** What the public position answer carries (server/domain/public.ts). */
export interface PrecompiledForm {
  schema: JSONSchema;
  uiSchema: UiSchema;
  /** URL of the validator module (`/api/public/validators/<hash>.js`). */
  validator: string;
}

/** The object standalone modules read their imports from (engine/standalone.ts resolveRuntimeImports). */
function registerValidatorRuntime(): void {
  const key = Symbol.for(RUNTIME_GLOBAL);
  const global = globalThis as unknown as Record<symbol, unknown>;
  if (global[key]) return;
  global[key] = Object.freeze({
    'ajv/dist/runtime/ucs2length': { default: ucs2length },
    'ajv/dist/runtime/equal': { default: equal },
    [RUNTIME_MODULE]: { keywords: createKeywordRuntime(new Map(Object.entries(builtinValidators))), formats },
  });
}

/**
 * Imports a validator module (the runtime is registered first); rejects when it cannot load or
 * has not arrived within the spec's chunk timeout (a stalled line would otherwise leave a
 * submit waiting for ever; the page then offers its retry).
 */
export async function loadValidator(
  url: string,
  { timeoutMs = CHUNK_TIMEOUT_MS, importer = (u: string) => import(/* @vite-ignore */ u) as Promise<unknown> }: { timeoutMs?: number; importer?: (url: string) => Promise<unknown> } = {},
): Promise<ValidatorFunction> {
  registerValidatorRuntime();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${url} did not load within ${timeoutMs} ms`)), timeoutMs);
  });
  const mod = (await Promise.race([importer(url), late]).finally(() => clearTimeout(timer))) as { default?: unknown };
  if (typeof mod.default !== 'function') throw new Error(`${url} is not a validator module`);
  return mod.default as ValidatorFunction;
}

/** Already-safe HTML passes as it is (see messageSource). */
export const serverSanitised = (html: string): string => html;

let source: MessageSource | undefined;
/**
 * The validators' default messages and code, as the server's registry has them: the messages
 * are sv.json "validators", which tests/unit/engine/messages.test.ts keeps identical to every
 * declaration's `message` (the declarations themselves, with their data schemas, stay off the
 * public page).
 *
 * No sanitiser runs here, and none is bundled: the templates are either sv.json's own texts
 * (which the sanitiser leaves as they are, tests/unit/engine/standalone.test.ts checks it) or
 * the container's overrides from the public position answer, which the server sends through
 * engine/sanitize.ts (server/domain/public.ts). The one sanitiser stays engine/sanitize.ts, run
 * once, on the server; `#DATA#` is escaped as always.
 */
function messageSource(): MessageSource {
  source ??= {
    validators: new Map(Object.entries(sv.validators as Record<string, string>).map(([name, message]) => [name, { message }])),
    implementations: new Map(Object.entries(builtinValidators)),
    sanitize: serverSanitised,
  };
  return source;
}

/** Answer keys in form order (compile.ts sorts errors by it; it is the uiSchema's `ui:order`). */
function orderOf(uiSchema: UiSchema): Map<string, number> {
  return new Map((uiSchema['ui:order'] ?? []).map((key, i) => [key, i]));
}

/**
 * `validate(answers)` of a precompiled form with a loaded validator: the verdict of
 * compileTemplate(...).validate for the same form and context. `ctx.messages` are the
 * server-sanitised overrides of the public position answer (see messageSource).
 */
export function precompiledValidate(form: Pick<PrecompiledForm, 'uiSchema'>, validator: ValidatorFunction, ctx: CompileContext = {}): (answers: Answers) => ValidationResult {
  const messages = new MessageCache(messageSource());
  const rt = new RunContext(ctx.now, ctx.positionStart);
  const order = orderOf(form.uiSchema);
  return (answers) => verdict(() => validator, rt, answers, messages, ctx.messages, order);
}
