import { fieldTypeEssentials } from '../schemas/generated/field-type-essentials';
import type { FieldTypeEssentials } from './definitions';

/**
 * The default catalogue's field types, apart from the registry (engine/default-registry.ts) so
 * that reading a type's answer kind (engine/answer-kinds.ts: the applicant list's filters, the
 * apply page) does not bring the registry's compiler and ajv into the browser's chunk, nor the
 * builder's editor schemas (the generated essentials leave BUILDER_ONLY_KEYS out).
 */
let given: ReadonlyMap<string, FieldTypeEssentials> | undefined;
let plain: ReadonlyMap<string, FieldTypeEssentials> | undefined;

/** The field types of the default registry once one is built or set, else the catalogue's own declarations. */
export function defaultFieldTypes(): ReadonlyMap<string, FieldTypeEssentials> {
  if (given) return given;
  plain ??= new Map((fieldTypeEssentials as FieldTypeEssentials[]).map((d) => [d.name, d]));
  return plain;
}

/** Called by engine/default-registry.ts whenever its registry is built or replaced. */
export function adoptFieldTypesOf(registry: { fieldTypes: ReadonlyMap<string, FieldTypeEssentials> }): void {
  given = registry.fieldTypes;
}
