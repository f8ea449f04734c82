import { fieldTypeDefinitions } from '../schemas/generated/catalogue';
import type { FieldTypeDefinition } from './definitions';

/**
 * The field types of the default catalogue, apart from the registry (engine/default-registry.ts)
 * so that reading a type's answer kind (engine/answer-kinds.ts, on the public apply page) does
 * not bring the compiler and ajv with it: the apply page validates with its precompiled module.
 */
let given: ReadonlyMap<string, FieldTypeDefinition> | undefined;
let plain: ReadonlyMap<string, FieldTypeDefinition> | undefined;

/** The field types of the registry made the default (setDefaultRegistry / defaultRegistry), else the catalogue's own. */
export function defaultFieldTypes(): ReadonlyMap<string, FieldTypeDefinition> {
  if (given) return given;
  plain ??= new Map((fieldTypeDefinitions as FieldTypeDefinition[]).map((d) => [d.name, d]));
  return plain;
}

/** Called by engine/default-registry.ts when a default registry is set or built. */
export function setDefaultFieldTypes(types: ReadonlyMap<string, FieldTypeDefinition>): void {
  given = types;
}
