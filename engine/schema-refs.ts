/**
 * Action data schemas `$ref` the shared schemas of schemas/shared/ (the applicant filter, the
 * theme, a position's fields) instead of restating them. ajv resolves those refs itself (the
 * dispatcher adds the shared schemas once, server/dispatcher/ajv.ts); every other reader — the
 * type generator, the OpenAPI document, the screen checks, the runner's coercion of bound
 * values — reads the flat schema this module makes, which is exactly what the action file
 * would say if it restated them.
 */

type Json = Record<string, unknown>;

/** Where the shared schemas live, by `$id`. */
const SHARED_BASE = 'https://blankett.se/schemas/shared/';

export type SharedIndex = ReadonlyMap<string, Json>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The shared schemas by `$id`; a file without one, or two with the same one, is an error. */
export function sharedIndex(schemas: readonly unknown[]): SharedIndex {
  const byId = new Map<string, Json>();
  for (const s of schemas) {
    const id = isObject(s) ? s.$id : undefined;
    if (typeof id !== 'string' || !id.startsWith(SHARED_BASE)) throw new Error(`a schema in schemas/shared/ has no $id under ${SHARED_BASE}`);
    if (byId.has(id)) throw new Error(`two schemas in schemas/shared/ share the $id ${id}`);
    byId.set(id, s as Json);
  }
  return byId;
}

function target(ref: string, index: SharedIndex): Json {
  const [id = '', fragment = ''] = ref.split('#');
  let at: unknown = index.get(id);
  if (at === undefined) throw new Error(`$ref ${ref}: no schema in schemas/shared/ has that $id`);
  for (const part of fragment.split('/').filter(Boolean)) {
    at = isObject(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    if (at === undefined) throw new Error(`$ref ${ref}: the pointer #${fragment} finds nothing`);
  }
  if (!isObject(at)) throw new Error(`$ref ${ref}: not a schema object`);
  // The referenced schema's identity is not part of the copy; its description is.
  const { $id: _id, $schema: _s, title: _t, ...rest } = at;
  return rest;
}

/** An `allOf` part that only adds properties (a shared object schema): merged into its parent. */
const mergeable = (part: unknown): part is Json =>
  isObject(part) && Object.keys(part).every((k) => ['type', 'description', 'properties', 'required'].includes(k)) && (part.type === undefined || part.type === 'object');

/**
 * The schema with every `$ref` into schemas/shared/ replaced by what it points at, and every
 * `allOf` of shared object schemas merged into its parent's `properties` (`required` joined,
 * `unevaluatedProperties: false` becoming `additionalProperties: false`). Refs elsewhere (to
 * schemas/answers/ and schemas/entities/) stay as they are.
 */
export function flattenShared(schema: unknown, index: SharedIndex): unknown {
  if (Array.isArray(schema)) return schema.map((s) => flattenShared(s, index));
  if (!isObject(schema)) return schema;
  const { $ref, ...siblings } = schema;
  if (typeof $ref === 'string' && $ref.startsWith(SHARED_BASE)) return flattenShared({ ...target($ref, index), ...siblings }, index);
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) out[k] = flattenShared(v, index);
  const parts = out.allOf;
  if (!Array.isArray(parts) || !parts.every(mergeable)) return out;
  const properties: Json = { ...(out.properties as Json | undefined) };
  const required = new Set((out.required as string[] | undefined) ?? []);
  for (const part of parts) {
    for (const [k, v] of Object.entries((part.properties as Json | undefined) ?? {})) {
      if (k in properties) throw new Error(`property ${k} is both in the schema and in a shared schema it composes`);
      properties[k] = v;
    }
    for (const r of (part.required as string[] | undefined) ?? []) required.add(r);
  }
  const { allOf: _a, unevaluatedProperties, ...rest } = out;
  const flat: Json = {};
  for (const [k, v] of Object.entries(rest)) {
    flat[k] = k === 'properties' ? properties : k === 'required' ? [...required] : v;
    if (k === 'type' && unevaluatedProperties !== undefined) flat.additionalProperties = unevaluatedProperties;
  }
  if (unevaluatedProperties !== undefined && !('additionalProperties' in flat)) flat.additionalProperties = unevaluatedProperties;
  if (!('properties' in flat)) flat.properties = properties;
  if (!('required' in flat) && required.size) flat.required = [...required];
  return flat;
}
