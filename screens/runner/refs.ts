/**
 * Inlines `$ref`s into schemas/entities/ so a form screen's schema can name an entity
 * (`{ "$ref": "entities/company-profile.json" }`, a relative `../entities/…`, or the
 * entity's `$id`). Refs inside entity files are relative to that folder. `$id`, `$schema`
 * and `x-` keys are dropped (RJSF and the strict engine ajv see a plain schema), except the
 * engine's validator keywords that `keep` names (`x-validEmail`). Beside a `$ref`,
 * `"x-without": ["required", "anyOf"]` leaves those keys of the entity out (an organisation's
 * defaults for a partner need none of what a published position must have). Pure.
 */
export type Entities = ReadonlyMap<string, unknown>;

const fileOf = (ref: string): string => ref.replace(/#.*$/, '').replace(/^.*\//, '');

export function resolveRefs(schema: unknown, entities: Entities, seen: readonly string[] = [], keep: (key: string) => boolean = () => false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => resolveRefs(s, entities, seen, keep));
  if (schema === null || typeof schema !== 'object') return schema;
  const { $ref, 'x-without': without, ...rest } = schema as Record<string, unknown>;
  let base: Record<string, unknown> = {};
  if (typeof $ref === 'string') {
    const file = fileOf($ref);
    const target = entities.get(file);
    if (target === undefined) throw new Error(`$ref ${$ref}: no schemas/entities/${file}`);
    if (seen.includes(file)) throw new Error(`$ref ${$ref}: refers to itself`);
    base = resolveRefs(target, entities, [...seen, file], keep) as Record<string, unknown>;
    if (Array.isArray(without)) for (const k of without) delete base[String(k)];
  }
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(rest)) {
    if (k === '$id' || k === '$schema' || (k.startsWith('x-') && !keep(k))) continue;
    out[k] = resolveRefs(v, entities, seen, keep);
  }
  return out;
}
