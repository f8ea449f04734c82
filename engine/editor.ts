import type { Registry } from './registry';
import { fieldTypeFor } from './registry';

/**
 * The complete editor schema of a field type: the type's own `editor` (label, placeholder,
 * options, help link, periods ...) plus a `validators` list offering exactly the validators
 * allowed on the type, each with its data schema from schemas/validators/. Built here so the
 * data schemas are written once; the builder renders it with RJSF.
 */
export function editorSchemaFor(type: string, registry: Registry): Record<string, unknown> {
  const def = fieldTypeFor({ key: `(${type})`, type }, registry);
  const allowed = [...registry.validators.values()].filter((v) => registry.allows(def.name, v.name));
  const editor = structuredClone(def.editor) as { properties?: Record<string, unknown>; [k: string]: unknown };
  if (allowed.length === 0) return editor;
  editor.properties = {
    ...editor.properties,
    validators: {
      type: 'array',
      title: 'Regler',
      items: {
        oneOf: allowed.map((v) => ({
          type: 'object',
          title: v.title,
          description: v.message,
          required: ['name'],
          additionalProperties: false,
          properties: { name: { const: v.name, default: v.name, title: 'Regel' }, data: { ...(v.data as object), title: 'Värde' } },
        })),
      },
    },
  };
  return editor;
}
