import Ajv2020 from 'ajv/dist/2020';
import type { KeywordCxt, KeywordDefinition, Options } from 'ajv';
import { _, strConcat, type Code } from 'ajv/dist/compile/codegen';
import names from 'ajv/dist/compile/names';
import addFormats from 'ajv-formats';
import {
  AGE_KEYWORD, createKeywordRuntime, formats, keywordFor, MAX_BYTES_KEYWORD, REQUIRED_KEYWORD, RUNTIME_MODULE,
  type GroupKeywordSchema, type KeywordRuntime, type ValueKeywordSchema,
} from './validator-runtime';
import type { RuntimeContext, ValidatorImpl } from './validators/types';

/**
 * The one ajv factory. Browser (admin pages) and server validate with the same keywords:
 * `x-<validator name>` for the fifteen validators (our own prefix, because names like
 * minLength are standard JSON Schema keywords), `x-required` for answers that must be present,
 * and `x-maxBytes` for data-URL file sizes.
 *
 * The keywords are ajv `code` keywords: the code ajv generates calls the keyword runtime
 * (engine/validator-runtime.ts, which calls engine/validators/), referenced as a scope value
 * whose standalone form is `require("blankett/validator-runtime").keywords`. So a form compiled
 * here and the same form as ajv standalone code (engine/standalone.ts, for the public pages)
 * run the very same functions. `validate`/`compile` keywords would be closures standalone
 * code cannot serialise.
 */

export { keywordFor, RunContext, dataUrlBytes } from './validator-runtime';

export interface AjvFactoryOptions {
  implementations: ReadonlyMap<string, ValidatorImpl<unknown>>;
  /** Used when a keyword is called without a RunContext (e.g. by RJSF). */
  fallback?: RuntimeContext;
  /** Extra ajv options; strict mode stays on. */
  options?: Options;
}

// A CommonJS module with `exports.default`: Node's ESM loader hands over the exports object,
// bundlers the default itself.
const N = (names as unknown as { default?: typeof names }).default ?? names;

export const AJV_OPTIONS: Options = {
  strict: true,
  // `anyOf: [{ required: [a] }, { required: [b] }]` (a file has a url or data) names
  // properties declared beside it, which strictRequired cannot see.
  strictRequired: false,
  allErrors: true,
  allowUnionTypes: true,
  passContext: true,
  // ajv's optimiser pass is quadratic in a block's size: on a 200-field form it cost most of
  // the compile time and bought no measurable validation speed.
  code: { optimize: false },
};

/**
 * Generated code: `const e = runtime.<call>; if (e !== null) append e to ajv's errors`.
 * `this` is the RunContext (passContext); the errors carry their own instance paths.
 */
function runtimeCall(cxt: KeywordCxt, runtime: KeywordRuntime, call: (rt: Code, path: Code, schemaPath: string) => Code): void {
  const { gen, it } = cxt;
  const rt = gen.scopeValue('keyword', { ref: runtime, code: _`require(${RUNTIME_MODULE}).keywords` });
  const schemaPath = `${it.errSchemaPath}/${cxt.keyword}`;
  const errors = gen.const('blkErrors', call(rt, strConcat(N.instancePath, it.errorPath), schemaPath));
  gen.if(_`${errors} !== null`, () => {
    gen.if(_`${N.vErrors} === null`, () => gen.assign(N.vErrors, errors), () => gen.code(_`${N.vErrors}.push(...${errors})`));
    gen.assign(N.errors, _`${N.vErrors}.length`);
  });
}

function valueKeyword(impl: ValidatorImpl<unknown>, runtime: KeywordRuntime): KeywordDefinition {
  return {
    keyword: keywordFor(impl.name),
    schemaType: 'object',
    code(cxt) {
      // Unusable data fails the compile here, as it always did.
      runtime.prepareValue(impl.name, cxt.schema as ValueKeywordSchema);
      runtimeCall(cxt, runtime, (rt, path, schemaPath) => _`${rt}.value(${impl.name}, ${cxt.data}, ${cxt.schemaValue}, ${N.this}, ${path}, ${schemaPath})`);
    },
  };
}

function groupKeyword(impl: ValidatorImpl<unknown>, runtime: KeywordRuntime): KeywordDefinition {
  return {
    keyword: keywordFor(impl.name),
    schemaType: 'array',
    code(cxt) {
      runtime.prepareGroups(impl.name, cxt.schema as GroupKeywordSchema[]);
      runtimeCall(cxt, runtime, (rt, path, schemaPath) => _`${rt}.group(${impl.name}, ${cxt.data}, ${cxt.schemaValue}, ${N.this}, ${path}, ${schemaPath})`);
    },
  };
}

/** `{ [key]: { validator, data } }`: the key must be present; the error names the validator that asked. */
function requiredKeyword(runtime: KeywordRuntime): KeywordDefinition {
  return {
    keyword: REQUIRED_KEYWORD,
    schemaType: 'object',
    code(cxt) {
      runtimeCall(cxt, runtime, (rt, path, schemaPath) => _`${rt}.required(${cxt.data}, ${cxt.schemaValue}, ${N.this}, ${path}, ${schemaPath})`);
    },
  };
}

function maxBytesKeyword(runtime: KeywordRuntime): KeywordDefinition {
  return {
    keyword: MAX_BYTES_KEYWORD,
    schemaType: 'number',
    code(cxt) {
      runtimeCall(cxt, runtime, (rt, path, schemaPath) => _`${rt}.maxBytes(${cxt.data}, ${cxt.schemaValue}, ${N.this}, ${path}, ${schemaPath})`);
    },
  };
}

/** `{ min?, max? }`: the age from a personnummer today (conditions only; engine/validator-runtime.ts). */
function ageKeyword(runtime: KeywordRuntime): KeywordDefinition {
  return {
    keyword: AGE_KEYWORD,
    schemaType: 'object',
    code(cxt) {
      runtimeCall(cxt, runtime, (rt, path, schemaPath) => _`${rt}.age(${cxt.data}, ${cxt.schemaValue}, ${N.this}, ${path}, ${schemaPath})`);
    },
  };
}

/** Adds Blankett's keywords to an ajv instance (also used on the instance RJSF creates). */
export function addBlankettKeywords<A extends Ajv2020>(ajv: A, implementations: ReadonlyMap<string, ValidatorImpl<unknown>>, fallback: RuntimeContext = {}): A {
  const runtime = createKeywordRuntime(implementations, fallback);
  for (const impl of implementations.values()) {
    ajv.addKeyword(impl.level === 'group' ? groupKeyword(impl, runtime) : valueKeyword(impl, runtime));
  }
  ajv.addKeyword(requiredKeyword(runtime));
  ajv.addKeyword(maxBytesKeyword(runtime));
  ajv.addKeyword(ageKeyword(runtime));
  return ajv;
}

/** A strict ajv (draft 2020-12) with formats and every Blankett keyword. */
export function createAjv({ implementations, fallback, options }: AjvFactoryOptions): Ajv2020 {
  const code = { ...AJV_OPTIONS.code, ...options?.code, formats: _`require(${RUNTIME_MODULE}).formats` };
  const ajv = new Ajv2020({ ...AJV_OPTIONS, ...options, code, strict: true, strictRequired: false });
  addFormats(ajv);
  // The engine's own `date` (same rule as ajv-formats'), importable by standalone code.
  ajv.addFormat('date', formats.date);
  return addBlankettKeywords(ajv, implementations, fallback);
}

export { Ajv2020 };
