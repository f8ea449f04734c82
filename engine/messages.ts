import type { ErrorObject } from 'ajv';
import sv from '../schemas/messages/sv.json' with { type: 'json' };
import type { Registry } from './registry';
import { escapeHtml } from './html-escape';
import type { FieldError } from './types';

/**
 * What messages are made from: each validator's default message (its declaration's `message`)
 * and its code (for `formatData`). A Registry is one; engine/precompiled.ts builds one for the
 * public page.
 */
export interface MessageSource {
  readonly validators: ReadonlyMap<string, { readonly message?: string }>;
  readonly implementations: Registry['implementations'];
  /**
   * Makes a message template safe HTML: engine/sanitize.ts's sanitizeHtml for a Registry; for
   * the public page's precompiled forms the identity, because their templates arrive safe
   * (engine/precompiled.ts says why). Not imported here, so the public page needs no sanitiser.
   */
  readonly sanitize: (html: string) => string;
}

/**
 * Validator messages: the default is the validator declaration's `message` (kept identical to
 * sv.json "validators" by a test), a container may override it by validator name, `#DATA#`
 * is replaced by the data as text. Messages are HTML and come out sanitised. The engine's own
 * structural errors use these pseudo-validator names, overridable the same way.
 */
export const STRUCTURAL_MESSAGES: Record<string, string> = {
  unknownKey: sv.engine.unknownField,
  type: sv.engine.wrongType,
  option: sv.engine.invalidOption,
  maxLength: sv.engine.tooLong,
  fileSize: sv.engine.fileTooLarge,
  required: sv.engine.fieldRequired,
  internal: sv.toast.error,
};

// Overrides come from containers; sanitising each distinct text once is enough (per sanitiser).
const sanitized = new Map<(html: string) => string, Map<string, string>>();
function clean(sanitize: (html: string) => string, template: string): string {
  let memo = sanitized.get(sanitize);
  if (!memo) sanitized.set(sanitize, (memo = new Map()));
  let out = memo.get(template);
  if (out === undefined) {
    out = sanitize(template);
    if (memo.size > 2000) memo.clear();
    memo.set(template, out);
  }
  return out;
}

function formatData(registry: MessageSource, validator: string, data: unknown): string {
  const custom = registry.implementations.get(validator)?.formatData;
  if (custom) return custom(data);
  if (data === null || data === undefined) return '';
  if (typeof data === 'object') return Array.isArray(data) ? data.join(', ') : JSON.stringify(data);
  return String(data);
}

/** The Swedish message for a failed validator, with overrides and #DATA# applied. */
export function messageFor(registry: MessageSource, validator: string, data: unknown, overrides?: Record<string, string>): string {
  const override = overrides?.[validator];
  const template = typeof override === 'string' && override.trim() !== ''
    ? override
    : registry.validators.get(validator)?.message ?? STRUCTURAL_MESSAGES[validator] ?? STRUCTURAL_MESSAGES.type ?? '';
  const text = clean(registry.sanitize, template);
  return text.includes('#DATA#') ? text.split('#DATA#').join(escapeHtml(formatData(registry, validator, data))) : text;
}

function keyOf(path: string): string {
  const slash = path.indexOf('/', 1);
  const segment = slash === -1 ? path.slice(1) : path.slice(1, slash);
  return segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment;
}

/** Which validator an ajv error stands for, and with what data. */
export function classify(error: ErrorObject): { key: string; validator: string; data: unknown } {
  const params = error.params as { validator?: unknown; data?: unknown; key?: unknown; additionalProperty?: unknown; limit?: unknown };
  if (typeof params.validator === 'string') {
    return { key: typeof params.key === 'string' ? params.key : keyOf(error.instancePath), validator: params.validator, data: params.data };
  }
  if (error.keyword === 'additionalProperties') return { key: String(params.additionalProperty), validator: 'unknownKey', data: null };
  const key = keyOf(error.instancePath);
  const nested = error.instancePath.indexOf('/', 1) !== -1;
  if (error.keyword === 'maxLength' && !nested) return { key, validator: 'maxLength', data: params.limit };
  if ((error.keyword === 'enum' || error.keyword === 'not') && !nested) return { key, validator: 'option', data: null };
  return { key, validator: 'type', data: null };
}

const dataKey = (data: unknown): string => (typeof data === 'object' && data !== null ? JSON.stringify(data) : String(data));

const NO_OVERRIDES: Record<string, string> = {};
const DEFAULT_MESSAGE = Symbol('defaultMessage');

/**
 * Messages of one compiled form, memoised: a form has a fixed set of (validator, data)
 * pairs, so after the first invalid submission every message is a lookup. Keyword errors
 * carry one params object per field and validator, which keys the memo without building
 * strings; other errors are memoised by validator and data.
 */
export class MessageCache {
  private readonly byParams = new WeakMap<object, WeakMap<object, string>>();
  private readonly memo = new Map<string, string>();
  /** Structural errors' verdicts by schema path (see structuralError). */
  readonly structural = new Map<string, StructuralEntry>();
  constructor(private readonly registry: MessageSource) {}

  get(validator: string, data: unknown, overrides: Record<string, string> | undefined, params?: object): string {
    if (params !== undefined) {
      const override = overrides?.[validator];
      if (override === undefined) {
        // The usual case: the default message, kept on the field's own params object.
        const holder = params as { [DEFAULT_MESSAGE]?: string };
        return (holder[DEFAULT_MESSAGE] ??= messageFor(this.registry, validator, data, undefined));
      }
      const scope = overrides ?? NO_OVERRIDES;
      let memo = this.byParams.get(scope);
      if (memo === undefined) this.byParams.set(scope, (memo = new WeakMap()));
      let message = memo.get(params);
      if (message === undefined) memo.set(params, (message = messageFor(this.registry, validator, data, overrides)));
      return message;
    }
    const override = overrides?.[validator];
    const id = override === undefined ? `${validator}\u0000${dataKey(data)}` : `${validator}\u0000${dataKey(data)}\u0000${override}`;
    let message = this.memo.get(id);
    if (message === undefined) {
      message = messageFor(this.registry, validator, data, overrides);
      if (this.memo.size > 5000) this.memo.clear();
      this.memo.set(id, message);
    }
    return message;
  }
}

const ENTRY = Symbol('fieldError');
interface Entry {
  order: ReadonlyMap<string, number>;
  overrides: Record<string, string> | undefined;
  field: FieldError;
  rank: number;
}

/**
 * A keyword error's field error and form position, kept on its params object (one per field
 * and validator, engine/validator-runtime.ts) for the form order and overrides it was made
 * under: after the first invalid submission of a form each error costs a lookup, not a
 * message, a key lookup and an object (issue 18 item 6). The field error is frozen, since
 * every verdict with these params hands out the same one.
 */
function keywordError(
  messages: MessageCache,
  params: { key: string; validator: string; data?: unknown },
  overrides: Record<string, string> | undefined,
  order: ReadonlyMap<string, number>,
): Entry {
  const holder = params as { [ENTRY]?: Entry };
  const hit = holder[ENTRY];
  if (hit !== undefined && hit.order === order && hit.overrides === overrides) return hit;
  const field = Object.freeze({ key: params.key, validator: params.validator, message: messages.get(params.validator, params.data, overrides, params) });
  const entry: Entry = { order, overrides, field, rank: order.get(params.key) ?? order.size };
  holder[ENTRY] = entry;
  return entry;
}

interface StructuralEntry extends Entry {
  instancePath: string;
  extra: unknown;
  /** `${key}\0${validator}`: one error per key and validator; the same string each time, so a Set hashes it once. */
  id: string;
  /** A branch of anyOf or a failed `if`: not reported. */
  skip: boolean;
}

/**
 * A structural ajv error (type, enum, maxLength, unknown key) as a field error, memoised by
 * its schema path, which ajv's generated code writes as a literal: classifying, building the
 * dedupe id, looking up the key's position and the message cost 0.5 µs an error before, two
 * thirds of the error path on the 200-field bench (issue 18 item 6). Only a path whose
 * instance path and params (as classify reads them) are the same as last time is reused.
 */
function structuralError(
  messages: MessageCache,
  error: ErrorObject,
  overrides: Record<string, string> | undefined,
  order: ReadonlyMap<string, number>,
): StructuralEntry {
  const params = error.params as { additionalProperty?: unknown; limit?: unknown; validator?: unknown };
  // What classify reads besides the paths: the unknown key, the limit, or (x-maxBytes, whose
  // params objects are kept per outcome) the params themselves.
  const extra = params.validator !== undefined ? params : params.additionalProperty ?? params.limit;
  const hit = messages.structural.get(error.schemaPath);
  if (hit !== undefined && hit.instancePath === error.instancePath && hit.extra === extra && hit.order === order && hit.overrides === overrides) return hit;
  // anyOf reports each failed branch and then itself; the summary is enough. A failed
  // `then` (a conditional field's rules) is reported by its own errors, at their fields.
  const skip = error.keyword === 'if' || error.schemaPath.includes('/anyOf/');
  const { key, validator, data } = classify(error);
  const field = Object.freeze({ key, validator, message: skip ? '' : messages.get(validator, data, overrides) });
  const entry: StructuralEntry = { instancePath: error.instancePath, extra, order, overrides, field, rank: order.get(key) ?? order.size, id: `${key}\u0000${validator}`, skip };
  if (messages.structural.size > 5000) messages.structural.clear();
  messages.structural.set(error.schemaPath, entry);
  return entry;
}

/**
 * Stable sort by rank, ranks being form positions 0..size (size: a key outside the form): a
 * counting sort, linear in the errors and the form, with no comparator calls.
 */
function byRank(out: FieldError[], ranks: readonly number[], size: number): FieldError[] {
  const next: number[] = new Array<number>(size + 2).fill(0);
  for (let i = 0; i < out.length; i++) next[(ranks[i] ?? size) + 1] = (next[(ranks[i] ?? size) + 1] ?? 0) + 1;
  for (let r = 1; r < next.length; r++) next[r] = (next[r] ?? 0) + (next[r - 1] ?? 0);
  const sorted = new Array<FieldError>(out.length);
  for (let i = 0; i < out.length; i++) {
    const rank = ranks[i] ?? size;
    const at = next[rank] ?? 0;
    next[rank] = at + 1;
    sorted[at] = out[i] as FieldError;
  }
  return sorted;
}

/** Maps ajv errors to `{ key, validator, message }`, one per key and validator, in form order. */
export function toFieldErrors(
  messages: MessageCache,
  errors: readonly ErrorObject[],
  overrides: Record<string, string> | undefined,
  order: ReadonlyMap<string, number>,
): FieldError[] {
  // Only structural errors can repeat for one key (several file entries, pattern and size of
  // one image); keyword errors are unique per key and validator.
  let seen: Set<string> | undefined;
  const out: FieldError[] = [];
  const ranks: number[] = [];
  const size = order.size;
  let last = 0;
  let sorted = true;
  for (const error of errors) {
    const params = error.params as { key?: unknown; validator?: unknown; data?: unknown };
    let field: FieldError;
    let rank: number;
    if (typeof params.key === 'string' && typeof params.validator === 'string') {
      ({ field, rank } = keywordError(messages, params as { key: string; validator: string }, overrides, order));
    } else {
      const entry = structuralError(messages, error, overrides, order);
      if (entry.skip) continue;
      if ((seen ??= new Set()).has(entry.id)) continue;
      seen.add(entry.id);
      ({ field, rank } = entry);
    }
    if (rank > size) rank = size;
    if (rank < last) sorted = false;
    last = rank;
    ranks.push(rank);
    out.push(field);
  }
  // Presence and group rules are reported after the fields: put them in form order.
  return sorted ? out : byRank(out, ranks, size);
}
