import { ageOn, compareDates, parseIsoDate, stockholmDate } from './dates';
import { parsePersonnummer } from './personnummer';
import type { GroupChild, RuntimeContext, ValidatorImpl } from './validators/types';

/**
 * What Blankett's ajv keywords do when they run: the one implementation behind the keywords of
 * engine/ajv.ts, whether ajv compiled the form in this process (the server, the admin pages) or
 * the form arrived as ajv standalone code (the public apply page, engine/standalone.ts). The
 * keywords are ajv `code` keywords whose generated code calls these functions, so the same
 * functions (and the validators in engine/validators/) run on both sides. No ajv in here: the
 * public page bundles this module and never ajv.
 *
 * Each function returns null (passed) or a fresh array of ajv-shaped errors whose `params`
 * object is one per field and validator (engine/messages.ts memoises messages by its identity).
 */

const KEYWORD_PREFIX = 'x-';
export const REQUIRED_KEYWORD = 'x-required';
export const MAX_BYTES_KEYWORD = 'x-maxBytes';
/**
 * `x-age: { min?, max? }` on a personnummer: the person's age in whole years today
 * (Europe/Stockholm; the RunContext's `now`) is within the bounds. Blankett's own keyword for the
 * conditions 'age at least / at most' (engine/conditions.ts): the age moves with the calendar, and
 * no standard keyword can compare a date with today, so a pattern over birth dates fixed when the
 * form was compiled would be wrong a day later. Exported as it is and described in `$comment`.
 */
export const AGE_KEYWORD = 'x-age';

/** The age of the person with this personnummer on `now`'s day in Stockholm, or null when it is not one. */
export function personAge(value: unknown, now: Date = new Date()): number | null {
  // A personnummer, or a birth date 'YYYY-MM-DD' (the birthDate type, issue 28): age rules read either.
  const birth = parsePersonnummer(value)?.birth ?? parseIsoDate(typeof value === 'string' ? value.trim() : value);
  return birth ? ageOn(birth, stockholmDate(now)) : null;
}

/** Whether an age is within `{ min, max }` (either may be left out). */
export function ageWithin(age: number | null, bounds: { min?: number; max?: number }): boolean {
  if (age === null) return false;
  return (bounds.min === undefined || age >= bounds.min) && (bounds.max === undefined || age <= bounds.max);
}

/** The module id standalone code imports the keyword runtime from (engine/standalone.ts resolves it). */
export const RUNTIME_MODULE = 'blankett/validator-runtime';
/** Where the page registers the runtime object standalone modules read (engine/precompiled.ts). */
export const RUNTIME_GLOBAL = 'blankett.validatorRuntime';

export const keywordFor = (validator: string): string => KEYWORD_PREFIX + validator;

/** Instance path of a top-level answer key. */
const pointer = (key: string): string => '/' + key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Per-call facts (now, position start) passed as `this` to the keywords (ajv passContext). */
export class RunContext implements RuntimeContext {
  constructor(
    readonly now?: Date,
    readonly positionStart?: number,
  ) {}
}

/** The error shape the keywords report (ajv's ErrorObject without its optional parts). */
interface KeywordError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: { validator: string; data: unknown; key?: string };
}

type Result = KeywordError[] | null;

/** A value keyword's schema: `{ data, key }` (engine/build-form.ts). */
export interface ValueKeywordSchema {
  data?: unknown;
  key?: string;
}

/** One group a group keyword checks (engine/build-form.ts). */
export interface GroupKeywordSchema {
  key: string;
  children: GroupChild[];
  data?: unknown;
}

export interface KeywordRuntime {
  value(name: string, value: unknown, schema: ValueKeywordSchema, self: unknown, instancePath: string, schemaPath: string): Result;
  group(name: string, answers: unknown, schema: GroupKeywordSchema[], self: unknown, instancePath: string, schemaPath: string): Result;
  required(answers: unknown, schema: Record<string, { validator: string; data?: unknown }>, self: unknown, instancePath: string, schemaPath: string): Result;
  maxBytes(value: unknown, limit: number, self: unknown, instancePath: string, schemaPath: string): Result;
  age(value: unknown, bounds: { min?: number; max?: number }, self: unknown, instancePath: string, schemaPath: string): Result;
  /** Runs `prepare` of a keyword's data now, so unusable data fails the compile (a DataError). */
  prepareValue(name: string, schema: ValueKeywordSchema): void;
  prepareGroups(name: string, schema: GroupKeywordSchema[]): void;
}

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

/**
 * The `date` format (RFC 3339 full-date: YYYY-MM-DD and a real calendar day), the engine's own
 * so that standalone code can import it without ajv-formats; engine/ajv.ts puts it in place of
 * ajv-formats' `date`, which checks the same.
 */
export const formats = {
  date: {
    validate: (text: string): boolean => parseIsoDate(text) !== null,
    compare(a: string, b: string): number | undefined {
      const x = parseIsoDate(a);
      const y = parseIsoDate(b);
      return x && y ? Math.sign(compareDates(x, y)) : undefined;
    },
  },
};

/** The pseudo-validator an empty answer is reported as (engine/messages.ts: 'Fältet är obligatoriskt'). */
const REQUIRED_VALIDATOR = 'required';
const requiredParams = (key: string | undefined): KeywordError['params'] => ({ validator: REQUIRED_VALIDATOR, data: null, key });
const isEmpty = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The keyword runtime over these validator implementations. */
export function createKeywordRuntime(implementations: ReadonlyMap<string, ValidatorImpl<unknown>>, fallback: RuntimeContext = {}): KeywordRuntime {
  const impl = (name: string): ValidatorImpl<unknown> => {
    const found = implementations.get(name);
    if (!found) throw new Error(`no implementation of validator ${name}`);
    return found;
  };
  const context = (self: unknown): RuntimeContext => (self instanceof RunContext ? self : fallback);

  // Prepared data and params by the keyword's schema object: compiled once per form, whichever
  // side compiled it.
  const values = new WeakMap<object, { prepared: unknown; params: KeywordError['params']; empty: KeywordError['params'] }>();
  const valueEntry = (name: string, schema: ValueKeywordSchema) => {
    let entry = values.get(schema);
    if (!entry) {
      const params = { validator: name, data: schema.data, key: schema.key };
      entry = { prepared: impl(name).prepare(schema.data), params, empty: impl(name).emptyIsRequired ? requiredParams(schema.key) : params };
      values.set(schema, entry);
    }
    return entry;
  };
  type Group = GroupKeywordSchema & { prepared: unknown; path: string; params: KeywordError['params'] };
  const groups = new WeakMap<object, Group[]>();
  const groupEntries = (name: string, schema: GroupKeywordSchema[]): Group[] => {
    let entries = groups.get(schema);
    if (!entries) {
      const code = impl(name);
      entries = schema.map((g) => ({ ...g, prepared: code.prepare(g.data), path: pointer(g.key), params: { validator: name, data: g.data, key: g.key } }));
      groups.set(schema, entries);
    }
    return entries;
  };
  const presences = new WeakMap<object, { key: string; path: string; params: KeywordError['params'] }[]>();
  const sizeParams = new Map<number, KeywordError['params']>();
  const notDataUrl: KeywordError['params'] = { validator: 'type', data: null };

  return {
    value(name, value, schema, self, instancePath, schemaPath) {
      const { prepared, params, empty } = valueEntry(name, schema);
      if (impl(name).check(value, prepared, context(self))) return null;
      return [{ keyword: keywordFor(name), instancePath, schemaPath, params: isEmpty(value) ? empty : params }];
    },
    group(name, answers, schema, self, _instancePath, schemaPath) {
      if (typeof answers !== 'object' || answers === null) return null;
      const code = impl(name);
      const rt = context(self);
      let errors: KeywordError[] | null = null;
      for (const g of groupEntries(name, schema)) {
        if (code.check(answers, g.prepared, rt, { key: g.key, children: g.children, data: g.prepared })) continue;
        (errors ??= []).push({ keyword: keywordFor(name), instancePath: g.path, schemaPath, params: g.params });
      }
      return errors;
    },
    required(answers, schema, _self, _instancePath, schemaPath) {
      if (typeof answers !== 'object' || answers === null) return null;
      let entries = presences.get(schema);
      if (!entries) {
        entries = Object.entries(schema).map(([key, v]) => ({
          key, path: pointer(key),
          params: implementations.get(v.validator)?.emptyIsRequired ? requiredParams(key) : { validator: v.validator, data: v.data, key },
        }));
        presences.set(schema, entries);
      }
      const given = answers as Record<string, unknown>;
      let errors: KeywordError[] | null = null;
      for (const e of entries) {
        if (given[e.key] === undefined) (errors ??= []).push({ keyword: REQUIRED_KEYWORD, instancePath: e.path, schemaPath, params: e.params });
      }
      return errors;
    },
    maxBytes(value, limit, _self, instancePath, schemaPath) {
      if (typeof value !== 'string') return null;
      const bytes = dataUrlBytes(value);
      if (bytes >= 0 && bytes <= limit) return null;
      let params = notDataUrl;
      if (bytes >= 0) {
        params = sizeParams.get(limit) ?? { validator: 'fileSize', data: limit };
        sizeParams.set(limit, params);
      }
      return [{ keyword: MAX_BYTES_KEYWORD, instancePath, schemaPath, params }];
    },
    age(value, bounds, self, instancePath, schemaPath) {
      if (ageWithin(personAge(value, context(self).now), bounds)) return null;
      return [{ keyword: AGE_KEYWORD, instancePath, schemaPath, params: { validator: 'age', data: bounds } }];
    },
    prepareValue(name, schema) {
      valueEntry(name, schema);
    },
    prepareGroups(name, schema) {
      groupEntries(name, schema);
    },
  };
}
