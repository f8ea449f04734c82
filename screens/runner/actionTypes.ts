import { flatActionProperties } from '../../engine/shared-schemas';
import type { TypeSchema } from './bindings';

/**
 * The `properties` of every action's data schema, for coercing bound values to the declared
 * types ('{route.id}' → integer). Only that key of each file reaches the bundle (Vite's JSON
 * named exports); the shared schemas an action composes or `$ref`s are merged in
 * (engine/shared-schemas.ts).
 */
const byFile = import.meta.glob<Record<string, TypeSchema> | undefined>('/schemas/actions/*/*.json', { eager: true, import: 'properties' });
/** By action name: `schemas/actions/<area>/<action>.json`. */
const props = Object.fromEntries(Object.entries(byFile).map(([path, p]) => [path.slice(path.lastIndexOf('/') + 1, -'.json'.length), p]));

/** Flattened on first use, once per action: a screen coerces for a few actions, not all 85. */
const byName = new Map<string, Record<string, TypeSchema>>();

/** The data schema of an action as far as coercion needs it. */
export function dataSchemaOf(action: string): TypeSchema {
  let properties = byName.get(action);
  if (!properties) {
    properties = flatActionProperties(action, props[action]) as Record<string, TypeSchema>;
    byName.set(action, properties);
  }
  return { type: 'object', properties };
}
