import type { ErrorObject } from 'ajv';
import { toFieldErrors, type MessageCache } from './messages';
import type { Answers, ValidationResult } from './types';
import type { RunContext } from './validator-runtime';

/** A compiled validator as ajv makes it, in process or as standalone code (only its call shape). */
export interface ValidatorFunction {
  (this: unknown, data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The verdict on answers: the one path from a compiled validator to `{ valid, errors }` with
 * the Swedish messages, for the server's compileTemplate and the public page's precompiled
 * validator alike, so both sides give the same result.
 */
export function verdict(
  validator: () => ValidatorFunction,
  rt: RunContext,
  answers: Answers,
  messages: MessageCache,
  overrides: Record<string, string> | undefined,
  order: ReadonlyMap<string, number>,
): ValidationResult {
  if (!isPlainObject(answers)) {
    return { valid: false, errors: [{ key: '', validator: 'type', message: messages.get('type', null, overrides) }] };
  }
  let ok: boolean;
  let fn: ValidatorFunction;
  try {
    fn = validator();
    ok = fn.call(rt, answers);
  } catch {
    // A keyword must never throw; if one does, the answers are not accepted.
    return { valid: false, errors: [{ key: '', validator: 'internal', message: messages.get('internal', null, overrides) }] };
  }
  if (ok) return { valid: true, errors: [] };
  return { valid: false, errors: toFieldErrors(messages, fn.errors ?? [], overrides, order) };
}
