import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, KeywordDefinition, Options } from 'ajv';
import type { DataValidateFunction } from 'ajv/dist/types';
import addFormats from 'ajv-formats';
import type { GroupChild, RuntimeContext, ValidatorImpl } from './validators/types';

/**
 * The one ajv factory. Browser (through @rjsf/validator-ajv8) and server validate with the
 * same keywords: `x-<validator name>` for the fifteen validators (our own prefix, because
 * names like minLength are standard JSON Schema keywords), `x-required` for answers that must
 * be present, and `x-maxBytes` for data-URL file sizes.
 */

export const KEYWORD_PREFIX = 'x-';
export const REQUIRED_KEYWORD = 'x-required';
export const MAX_BYTES_KEYWORD = 'x-maxBytes';

export const keywordFor = (validator: string): string => KEYWORD_PREFIX + validator;

/** Per-call facts (now, position start) passed as `this` to the keywords (ajv passContext). */
export class RunContext implements RuntimeContext {
  constructor(
    readonly now?: Date,
    readonly positionStart?: number,
  ) {}
}

export interface AjvFactoryOptions {
  implementations: ReadonlyMap<string, ValidatorImpl<unknown>>;
  /** Used when a keyword is called without a RunContext (e.g. by RJSF). */
  fallback?: RuntimeContext;
  /** Extra ajv options; strict mode stays on. */
  options?: Options;
}

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

/** Instance path of a top-level answer key. */
export const pointer = (key: string): string => '/' + key.replace(/~/g, '~0').replace(/\//g, '~1');

type KeywordError = Partial<ErrorObject>;

function fail(fn: DataValidateFunction, error: KeywordError | KeywordError[]): false {
  fn.errors = Array.isArray(error) ? error : [error];
  return false;
}

function runtime(self: unknown, fallback: RuntimeContext): RuntimeContext {
  return self instanceof RunContext ? self : fallback;
}

function valueKeyword(impl: ValidatorImpl<unknown>, fallback: RuntimeContext): KeywordDefinition {
  const keyword = keywordFor(impl.name);
  return {
    keyword,
    schemaType: 'object',
    compile(schema: { data?: unknown; key?: string }) {
      const prepared = impl.prepare(schema.data);
      // One params object per field: error mapping memoises messages by its identity.
      const params = { validator: impl.name, data: schema.data, key: schema.key };
      const fn: DataValidateFunction = function (this: unknown, value: unknown) {
        return impl.check(value, prepared, runtime(this, fallback)) || fail(fn, { keyword, params });
      };
      return fn;
    },
  };
}

interface GroupInstance {
  key: string;
  children: GroupChild[];
  data?: unknown;
}

function groupKeyword(impl: ValidatorImpl<unknown>, fallback: RuntimeContext): KeywordDefinition {
  const keyword = keywordFor(impl.name);
  return {
    keyword,
    schemaType: 'array',
    compile(schema: GroupInstance[]) {
      const groups = schema.map((g) => ({ ...g, prepared: impl.prepare(g.data), path: pointer(g.key), params: { validator: impl.name, data: g.data, key: g.key } }));
      const fn: DataValidateFunction = function (this: unknown, answers: unknown) {
        if (typeof answers !== 'object' || answers === null) return true;
        const rt = runtime(this, fallback);
        let errors: KeywordError[] | undefined;
        for (const g of groups) {
          if (impl.check(answers, g.prepared, rt, { key: g.key, children: g.children, data: g.prepared })) continue;
          (errors ??= []).push({ keyword, instancePath: g.path, params: g.params });
        }
        return errors === undefined || fail(fn, errors);
      };
      return fn;
    },
  };
}

/** `{ [key]: { validator, data } }`: the key must be present; the error names the validator that asked. */
const requiredKeyword: KeywordDefinition = {
  keyword: REQUIRED_KEYWORD,
  schemaType: 'object',
  compile(schema: Record<string, { validator: string; data?: unknown }>) {
    const entries = Object.entries(schema).map(([key, v]) => ({ key, path: pointer(key), params: { validator: v.validator, data: v.data, key } }));
    const fn: DataValidateFunction = function (answers: unknown) {
      if (typeof answers !== 'object' || answers === null) return true;
      const values = answers as Record<string, unknown>;
      let errors: KeywordError[] | undefined;
      for (const e of entries) {
        if (values[e.key] === undefined) (errors ??= []).push({ keyword: REQUIRED_KEYWORD, instancePath: e.path, params: e.params });
      }
      return errors === undefined || fail(fn, errors);
    };
    return fn;
  },
};

const DATA_URL = /^data:[^,;]*(?:;[^,;=]+=[^,;]*)*;base64,/;

/** Decoded size of a base64 data URL without decoding it; -1 when it is not one. */
export function dataUrlBytes(value: string): number {
  const head = DATA_URL.exec(value);
  if (!head) return -1;
  const payload = value.length - head[0].length;
  let padding = 0;
  if (value.endsWith('==')) padding = 2;
  else if (value.endsWith('=')) padding = 1;
  return Math.floor((payload * 3) / 4) - padding;
}

const maxBytesKeyword: KeywordDefinition = {
  keyword: MAX_BYTES_KEYWORD,
  schemaType: 'number',
  compile(limit: number) {
    const fn: DataValidateFunction = function (value: unknown) {
      if (typeof value !== 'string') return true;
      const bytes = dataUrlBytes(value);
      if (bytes < 0) return fail(fn, { keyword: MAX_BYTES_KEYWORD, params: { validator: 'type', data: null } });
      return bytes <= limit || fail(fn, { keyword: MAX_BYTES_KEYWORD, params: { validator: 'fileSize', data: limit } });
    };
    return fn;
  },
};

/** Adds Blankett's keywords to an ajv instance (also used on the instance RJSF creates). */
export function addBlankettKeywords<A extends Ajv2020>(ajv: A, implementations: ReadonlyMap<string, ValidatorImpl<unknown>>, fallback: RuntimeContext = {}): A {
  for (const impl of implementations.values()) {
    ajv.addKeyword(impl.level === 'group' ? groupKeyword(impl, fallback) : valueKeyword(impl, fallback));
  }
  ajv.addKeyword(requiredKeyword);
  ajv.addKeyword(maxBytesKeyword);
  return ajv;
}

/** A strict ajv (draft 2020-12) with formats and every Blankett keyword. */
export function createAjv({ implementations, fallback, options }: AjvFactoryOptions): Ajv2020 {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, ...options, strict: true, strictRequired: false });
  addFormats(ajv);
  return addBlankettKeywords(ajv, implementations, fallback);
}

export { Ajv2020 };
