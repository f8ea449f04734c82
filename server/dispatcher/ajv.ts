import Ajv, { type ErrorObject } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';
import { SHARED_SCHEMAS } from '../../engine/shared-schemas';

/** Our own schema keywords: declared, so ajv can stay in strict mode. */
export const ACTION_KEYWORDS = ['x-role', 'x-scope', 'x-maxBody', 'x-answer'] as const;

function configure<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-role', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-scope', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-maxBody', schemaType: 'number' });
  // The answer's own schema: compiled apart by the registry (answerValidator), not part of `data`.
  ajv.addKeyword({ keyword: 'x-answer', schemaType: ['object', 'boolean'] });
  return ajv;
}

/** The shared schemas (schemas/shared/) that action schemas `$ref`: added once per ajv, at its creation. */
function withShared<T extends Ajv>(ajv: T): T {
  for (const schema of SHARED_SCHEMAS.values()) ajv.addSchema(schema);
  return ajv;
}

const OPTIONS = { strict: true, allErrors: true, coerceTypes: false, useDefaults: false, removeAdditional: false } as const;

/**
 * A picker holding one ajv per dialect: action schemas say draft 2020-12 or draft-07 in their
 * `$schema`; both are compiled strictly (unknown keywords, loose types and required-but-
 * undeclared properties are start-up errors, not silent holes).
 */
export function ajvPicker(): (schema: { $schema?: unknown }) => Ajv {
  let draft07: Ajv | undefined;
  let draft2020: Ajv | undefined;
  return (schema) => {
    const dialect = typeof schema.$schema === 'string' && schema.$schema.includes('draft-07') ? 'draft-07' : '2020-12';
    // The shared schemas are draft 2020-12: a draft-07 action cannot $ref them (its compile says so).
    if (dialect === 'draft-07') return (draft07 ??= configure(new Ajv(OPTIONS)));
    return (draft2020 ??= withShared(configure(new Ajv2020(OPTIONS))));
  };
}

const m = sv.server.fields;

/** ajv errors → `[{ path, message }]` with JSON-pointer paths and Swedish messages. */
export function detailsOf(errs: ErrorObject[] | null | undefined): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  for (const e of errs ?? []) {
    const params = e.params as Record<string, unknown>;
    let path = e.instancePath || '';
    let message: string;
    switch (e.keyword) {
      case 'required':
        path += `/${String(params.missingProperty)}`;
        message = m.missing;
        break;
      case 'additionalProperties':
      case 'unevaluatedProperties': // an object composed of a shared schema (allOf) closes itself this way
        path += `/${String(params.additionalProperty ?? params.unevaluatedProperty).slice(0, 40)}`;
        message = m.unknown;
        break;
      case 'type':
        message = fill(m.type, { type: String(params.type) });
        break;
      case 'minLength':
      case 'minItems':
      case 'minProperties':
        message = m.tooShort;
        break;
      case 'maxLength':
      case 'maxItems':
      case 'maxProperties':
        message = m.tooLong;
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        message = m.range;
        break;
      case 'format':
      case 'pattern':
        message = m.format;
        break;
      default:
        message = m.value;
    }
    out.push({ path: path || '/', message });
    if (out.length >= 20) break;
  }
  return out;
}
