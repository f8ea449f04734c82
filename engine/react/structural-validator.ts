import {
  toErrorSchema, type RJSFSchema, type RJSFValidationError, type ValidationData, type ValidatorType,
} from '@rjsf/utils';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };

/*
 * RJSF's ValidatorType without ajv, for forms that arrive compiled (the public apply page).
 *
 * ApplicationForm never lets RJSF validate answers: the engine's verdict does (the precompiled
 * validator, engine/precompiled.ts). RJSF only uses its validator for its schema utilities, to
 * ask whether data matches a subschema: which branch of an `anyOf`/`oneOf` (getFirstMatchingOption),
 * whether an `if` or a dependency holds (retrieveSchema). The compiled schemas
 * (engine/build-form.ts) use a small set of structural keywords: type, properties,
 * additionalProperties, required, enum, not, maxLength, minLength, maxItems, items, anyOf
 * (a file has a url or data), pattern; plus `format` and Blankett's `x-` keywords, which never
 * decide a branch. This answers those questions for that set, plus the other structural
 * keywords RJSF's own branch logic could meet (const, oneOf, allOf, minItems, minimum,
 * maximum). Keywords outside it are not judged here (treated as holding).
 */

type Schema = boolean | Record<string, unknown>;

const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function hasType(value: unknown, type: unknown): boolean {
  if (Array.isArray(type)) return type.some((t) => hasType(value, t));
  const actual = typeOf(value);
  if (type === 'integer') return typeof value === 'number' && Number.isInteger(value);
  if (type === 'number') return actual === 'number';
  return actual === type;
}

const codePoints = (s: string): number => [...s].length;

const patterns = new Map<string, RegExp>();
function pattern(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) patterns.set(source, (re = new RegExp(source, 'u')));
  return re;
}

function equal(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Whether `value` satisfies the structural keywords of `schema` (see above). */
export function matches(schema: Schema | undefined, value: unknown): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false) return false;
  const s = schema;
  if (s.type !== undefined && !hasType(value, s.type)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((e) => equal(e, value))) return false;
  if ('const' in s && !equal(s.const, value)) return false;
  if (s.not !== undefined && matches(s.not as Schema, value)) return false;
  if (Array.isArray(s.allOf) && !s.allOf.every((sub) => matches(sub as Schema, value))) return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub) => matches(sub as Schema, value))) return false;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((sub) => matches(sub as Schema, value)).length !== 1) return false;
  if (typeof value === 'string') {
    if (typeof s.maxLength === 'number' && codePoints(value) > s.maxLength) return false;
    if (typeof s.minLength === 'number' && codePoints(value) < s.minLength) return false;
    if (typeof s.pattern === 'string' && !pattern(s.pattern).test(value)) return false;
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) return false;
    if (typeof s.maximum === 'number' && value > s.maximum) return false;
  }
  if (Array.isArray(value)) {
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) return false;
    if (typeof s.minItems === 'number' && value.length < s.minItems) return false;
    if (s.items !== undefined && !value.every((item) => matches(s.items as Schema, item))) return false;
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    if (Array.isArray(s.required) && !s.required.every((k) => typeof k === 'string' && object[k] !== undefined)) return false;
    const properties = (s.properties ?? {}) as Record<string, Schema>;
    for (const [key, v] of Object.entries(object)) {
      if (Object.prototype.hasOwnProperty.call(properties, key)) {
        if (!matches(properties[key], v)) return false;
      } else if (s.additionalProperties !== undefined && !matches(s.additionalProperties as Schema, v)) {
        return false;
      }
    }
  }
  return true;
}

export function createStructuralValidator(): ValidatorType {
  const errorsOf = (schema: RJSFSchema, data: unknown): RJSFValidationError[] =>
    matches(schema as Schema, data) ? [] : [{ name: 'type', property: '', message: sv.engine.wrongType, stack: sv.engine.wrongType }];
  return {
    isValid: (schema, formData) => matches(schema as Schema, formData),
    rawValidation<Result = unknown>(schema: RJSFSchema, formData?: unknown) {
      const errors = errorsOf(schema, formData);
      return { errors: errors.length ? (errors as Result[]) : undefined };
    },
    validateFormData(formData: unknown, schema: RJSFSchema): ValidationData<unknown> {
      const errors = errorsOf(schema, formData);
      return { errors, errorSchema: toErrorSchema(errors) };
    },
  };
}
