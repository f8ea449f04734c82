import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import { detailsOf } from '../../errors';
import type { ErrorDetail } from '../../../engine/error-details';

const entitiesDir = resolve(import.meta.dirname, '../../../schemas/entities');

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function instance(sample: { $schema?: string }): Ajv {
  if (!ajv) {
    // One dialect everywhere (docs/architecture.md): pick the class the catalogue is written in.
    const is2020 = String(sample.$schema ?? '').includes('2020-12');
    ajv = is2020 ? new Ajv2020({ allErrors: true, strict: false }) : new Ajv({ allErrors: true, strict: false });
    // Sibling entity schemas are added so `$ref`s between them resolve by `$id`.
    for (const f of readdirSync(entitiesDir)) {
      if (!f.endsWith('.json')) continue;
      const s = JSON.parse(readFileSync(join(entitiesDir, f), 'utf8')) as { $id?: string };
      if (s.$id && !ajv.getSchema(s.$id)) ajv.addSchema(s);
    }
  }
  return ajv;
}

/** The compiled validator of `schemas/entities/<name>.json`, compiled once. */
export function entityValidator(name: string): ValidateFunction {
  let v = compiled.get(name);
  if (!v) {
    const schema = JSON.parse(readFileSync(join(entitiesDir, `${name}.json`), 'utf8')) as { $id?: string; $schema?: string };
    const a = instance(schema);
    v = (schema.$id ? a.getSchema(schema.$id) : undefined) ?? a.compile(schema);
    compiled.set(name, v);
  }
  return v;
}

/** Ajv errors as `details`: path and message, never the offending value. */
export function schemaDetails(v: ValidateFunction, prefix = ''): ErrorDetail[] {
  return detailsOf(v.errors, prefix);
}
