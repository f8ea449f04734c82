import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { SHARED_SCHEMAS } from '../../engine/shared-schemas';


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

