import { flatActionSchema } from '../../engine/shared-schemas';
import type { TypeSchema } from './bindings';

/**
 * Every action's data schema, for coercing bound values to the declared types ('{route.id}' →
 * integer). Whole files: a schema composed of a shared one (`allOf` of schemas/shared/) has part
 * of its properties there, so `properties` alone would miss them.
 */
const files = import.meta.glob<Record<string, unknown>>('/schemas/actions/*.json', { eager: true, import: 'default' });

const byName = new Map(
  Object.entries(files).map(([path, schema]) => [path.replace(/^.*\/|\.json$/g, ''), flatActionSchema(schema).properties as Record<string, TypeSchema> | undefined]),
);

/** The data schema of an action as far as coercion needs it. */
export function dataSchemaOf(action: string): TypeSchema {
  return { type: 'object', properties: byName.get(action) ?? {} };
}
