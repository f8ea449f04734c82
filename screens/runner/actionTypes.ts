import { flatActionProperties } from '../../engine/shared-schemas';
import type { TypeSchema } from './bindings';

/**
 * The `properties` of every action's data schema, for coercing bound values to the declared
 * types ('{route.id}' → integer). Only that key of each file reaches the bundle (Vite's JSON
 * named exports); the shared schemas an action composes or `$ref`s are merged in
 * (engine/shared-schemas.ts).
 */
const props = import.meta.glob<Record<string, TypeSchema> | undefined>('/schemas/actions/*.json', { eager: true, import: 'properties' });

const byName = new Map(
  Object.entries(props).map(([path, p]) => {
    const name = path.replace(/^.*\/|\.json$/g, '');
    return [name, flatActionProperties(name, p) as Record<string, TypeSchema>];
  }),
);

/** The data schema of an action as far as coercion needs it. */
export function dataSchemaOf(action: string): TypeSchema {
  return { type: 'object', properties: byName.get(action) ?? {} };
}
