import type { ErrorObject } from 'ajv';
import sv from '../schemas/messages/sv.json' with { type: 'json' };
import type { Registry } from './registry';
import { escapeHtml, sanitizeHtml } from './sanitize';
import type { FieldError } from './types';

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
  internal: sv.toast.error,
};

// Overrides come from containers; sanitising each distinct text once is enough.
const sanitized = new Map<string, string>();
function clean(template: string): string {
  let out = sanitized.get(template);
  if (out === undefined) {
    out = sanitizeHtml(template);
    if (sanitized.size > 2000) sanitized.clear();
    sanitized.set(template, out);
  }
  return out;
}

export function formatData(registry: Registry, validator: string, data: unknown): string {
  const custom = registry.implementations.get(validator)?.formatData;
  if (custom) return custom(data);
  if (data === null || data === undefined) return '';
  if (typeof data === 'object') return Array.isArray(data) ? data.join(', ') : JSON.stringify(data);
  return String(data);
}

/** The Swedish message for a failed validator, with overrides and #DATA# applied. */
export function messageFor(registry: Registry, validator: string, data: unknown, overrides?: Record<string, string>): string {
  const override = overrides?.[validator];
  const template = typeof override === 'string' && override.trim() !== ''
    ? override
    : registry.validators.get(validator)?.message ?? STRUCTURAL_MESSAGES[validator] ?? STRUCTURAL_MESSAGES.type ?? '';
  const text = clean(template);
  return text.includes('#DATA#') ? text.split('#DATA#').join(escapeHtml(formatData(registry, validator, data))) : text;
}

function keyOf(path: string): string {
  const slash = path.indexOf('/', 1);
  const segment = slash === -1 ? path.slice(1) : path.slice(1, slash);
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Which validator an ajv error stands for, and with what data. */
export function classify(error: ErrorObject): { key: string; validator: string; data: unknown } {
  const params = error.params as { validator?: unknown; data?: unknown; additionalProperty?: unknown; limit?: unknown };
  if (typeof params.validator === 'string') return { key: keyOf(error.instancePath), validator: params.validator, data: params.data };
  if (error.keyword === 'additionalProperties') return { key: String(params.additionalProperty), validator: 'unknownKey', data: null };
  const key = keyOf(error.instancePath);
  const nested = error.instancePath.indexOf('/', 1) !== -1;
  if (error.keyword === 'maxLength' && !nested) return { key, validator: 'maxLength', data: params.limit };
  if ((error.keyword === 'enum' || error.keyword === 'not') && !nested) return { key, validator: 'option', data: null };
  return { key, validator: 'type', data: null };
}

/** Maps ajv errors to `{ key, validator, message }`, one per key and validator, in form order. */
export function toFieldErrors(
  registry: Registry,
  errors: readonly ErrorObject[],
  overrides: Record<string, string> | undefined,
  order: ReadonlyMap<string, number>,
): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors) {
    // anyOf reports each failed branch and then itself; the summary is enough.
    if (error.schemaPath.includes('/anyOf/')) continue;
    const { key, validator, data } = classify(error);
    const id = `${key}\u0000${validator}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ key, validator, message: messageFor(registry, validator, data, overrides) });
  }
  const rank = (k: string): number => order.get(k) ?? Number.MAX_SAFE_INTEGER;
  return out.sort((a, b) => rank(a.key) - rank(b.key));
}
