import { fieldTypeDefinitions } from '../schemas/generated/catalogue';
import type { FieldTypeDefinition } from './definitions';

/**
 * The default catalogue's field types, apart from the registry (engine/default-registry.ts) so
 * that reading a type's answer kind (engine/answer-kinds.ts: the applicant list's filters, the
 * apply page) does not bring the registry's compiler and ajv into the browser's chunk.
 */
let given: ReadonlyMap<string, FieldTypeDefinition> | undefined;
let plain: ReadonlyMap<string, FieldTypeDefinition> | undefined;

/** The field types of the default registry once one is built or set, else the catalogue's own declarations. */
export function defaultFieldTypes(): ReadonlyMap<string, FieldTypeDefinition> {
  if (given) return given;
  plain ??= new Map((fieldTypeDefinitions as FieldTypeDefinition[]).map((d) => [d.name, d]));
  return plain;
}

/** Called by engine/default-registry.ts whenever its registry is built or replaced. */
export function adoptFieldTypesOf(registry: { fieldTypes: ReadonlyMap<string, FieldTypeDefinition> }): void {
  given = registry.fieldTypes;
}
