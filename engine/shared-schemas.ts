import { sharedSchemas } from '../schemas/generated/catalogue';
import { flattenShared, sharedIndex, type SharedIndex } from './schema-refs';

/** The shared schemas of schemas/shared/ by `$id` (through the generated catalogue: no fs, works in the browser). */
export const SHARED_SCHEMAS: SharedIndex = sharedIndex(sharedSchemas);

/** An action file's schema as its readers see it: the shared parts it `$ref`s inlined (engine/schema-refs.ts). */
export function flatActionSchema(schema: Record<string, unknown>): Record<string, unknown> {
  return flattenShared(schema, SHARED_SCHEMAS) as Record<string, unknown>;
}
