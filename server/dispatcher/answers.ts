import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

const root = resolve(import.meta.dirname, '../..');
const SHARED_DIRS = [join(root, 'schemas/entities'), join(root, 'schemas/answers')];

/**
 * Compiles each action's `x-answer` (draft 2020-12, strict) with the shared answer shapes of
 * schemas/answers/ and the entities they `$ref` by `$id`. The registry compiles every answer at
 * start-up, so a broken answer schema is a start-up error naming the action; in test runs the
 * dispatcher also checks each handler's answer against it (route.ts).
 */
export function answerCompiler(): (schema: unknown) => ValidateFunction {
  let ajv: Ajv2020 | undefined;
  return (schema) => {
    if (!ajv) {
      ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
      addFormats(ajv);
      // The entities' GDPR tags (server/domain/gdpr.ts): which fields are personal data.
      ajv.addKeyword({ keyword: 'x-pii', schemaType: 'boolean' });
      ajv.addKeyword({ keyword: 'x-gdpr', schemaType: 'object' });
      for (const dir of SHARED_DIRS) {
        for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
          const s = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { $id?: string };
          if (s.$id && !ajv.getSchema(s.$id)) ajv.addSchema(s);
        }
      }
    }
    return ajv.compile(schema as object);
  };
}

/** NODE_ENV=test (vitest sets it): every answer is checked against its x-answer. */
export const CHECK_ANSWERS = process.env.NODE_ENV === 'test';
