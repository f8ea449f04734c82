import { composedActions, sharedSchemas } from '../schemas/generated/shared';
import { flattenShared, sharedIndex, type SharedIndex } from './schema-refs';

/** The shared schemas of schemas/shared/ by `$id` (statically imported: no fs, works in the browser). */
export const SHARED_SCHEMAS: SharedIndex = sharedIndex(sharedSchemas);

type Json = Record<string, unknown>;

/** An action file's schema as its readers see it: the shared parts it `$ref`s inlined (engine/schema-refs.ts). */
export function flatActionSchema(schema: Json): Json {
  return flattenShared(schema, SHARED_SCHEMAS) as Json;
}

/**
 * The flat `properties` of an action from its file's `properties` alone (all the browser bundle
 * carries of it): the shared schemas it composes come from the generated `composedActions`.
 */
export function flatActionProperties(action: string, properties: Json | undefined): Json {
  const allOf = (composedActions[action] ?? []).map(($ref) => ({ $ref }));
  return (flatActionSchema({ allOf, properties: properties ?? {} }).properties ?? {}) as Json;
}
