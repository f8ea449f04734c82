import sv from '../schemas/messages/sv.json' with { type: 'json' };
import { IMPORTED_TYPE } from './answer-kinds';
import { fill } from './fill';
import type { MetadataProperty } from './types';

/**
 * Import of an exported form (`{ schema, uiSchema }`, engine/export-schema.ts) back into a
 * form template (issue 18 item 4). Pure: the server compiles, compares and stores.
 *
 * A file Blankett exported carries its source in `uiSchema['ui:blankett'].metadata`; that is
 * what is imported, and the server then requires the schema beside it to be exactly what
 * Blankett exports for it, so a schema edited by hand is refused rather than half-read. A plain
 * JSON Schema without it is read field by field, as far as a Blankett field says the same:
 * string (text, `format: email` → email), boolean (checkbox), `title` as the label, `required`.
 *
 * Refused, each with a Swedish message naming the place: a `$ref` that leaves the file (a
 * remote schema would be fetched by nobody and mean something else tomorrow), more than
 * MAX_PROPERTIES properties (counted while walking, so a huge file is refused at the limit, not
 * after reading it all), and keywords that are neither JSON Schema 2020-12 nor Blankett's own.
 */

const MAX_PROPERTIES = 10_000;

const m = sv.formImport;

/** JSON Schema 2020-12's keywords (core, applicator, validation, format, content, meta-data, unevaluated). */
const STANDARD = new Set([
  '$schema', '$id', '$ref', '$anchor', '$dynamicRef', '$dynamicAnchor', '$vocabulary', '$comment', '$defs',
  'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'prefixItems', 'items', 'contains',
  'properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties',
  'type', 'const', 'enum', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength',
  'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties',
  'minProperties', 'required', 'dependentRequired', 'format', 'contentEncoding', 'contentMediaType', 'contentSchema',
  'title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly', 'examples',
]);
/** Keywords whose value is one schema, a list of schemas, or a map of schemas. */
const ONE = new Set(['not', 'if', 'then', 'else', 'items', 'contains', 'additionalProperties', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema']);
const LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const MAP = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs']);

export class ImportError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Walks the schema once: refuses a `$ref` outside the file, the (MAX_PROPERTIES + 1)th
 * property and any keyword not in `known` (Blankett's) nor JSON Schema's.
 */
export function scanSchema(schema: unknown, known: (keyword: string) => boolean): void {
  if (!isNode(schema)) throw new ImportError(m.notSchema, '/schema');
  let properties = 0;
  const stack: [Node, string][] = [[schema, '/schema']];
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [Node, string];
    for (const [k, v] of Object.entries(node)) {
      const at = `${path}/${k}`;
      if (!STANDARD.has(k) && !known(k)) throw new ImportError(fill(m.unknownKeyword, { keyword: k, path: at }), at);
      if ((k === '$ref' || k === '$dynamicRef') && (typeof v !== 'string' || !v.startsWith('#'))) {
        throw new ImportError(fill(m.remoteRef, { ref: String(v).slice(0, 200) }), at);
      }
      if (MAP.has(k) && isNode(v)) {
        for (const [name, s] of Object.entries(v)) {
          if (k === 'properties' && ++properties > MAX_PROPERTIES) throw new ImportError(fill(m.tooMany, { n: String(MAX_PROPERTIES) }), at);
          if (isNode(s)) stack.push([s, `${at}/${name}`]);
        }
      } else if (ONE.has(k) && isNode(v)) stack.push([v, at]);
      else if (LIST.has(k) && Array.isArray(v)) v.forEach((s, i) => isNode(s) && stack.push([s, `${at}/${i}`]));
    }
  }
}

/** Blankett's source in an exported uiSchema, or null for a file Blankett did not write. */
export function blankettMetadata(uiSchema: unknown): MetadataProperty[] | null {
  if (!isNode(uiSchema) || !isNode(uiSchema['ui:blankett'])) return null;
  const metadata = uiSchema['ui:blankett'].metadata;
  if (!Array.isArray(metadata)) throw new ImportError(m.badMetadata, '/uiSchema/ui:blankett/metadata');
  if (metadata.length > MAX_PROPERTIES) throw new ImportError(fill(m.tooMany, { n: String(MAX_PROPERTIES) }), '/uiSchema/ui:blankett/metadata');
  if (!metadata.every(isNode)) throw new ImportError(m.badMetadata, '/uiSchema/ui:blankett/metadata');
  return metadata as unknown as MetadataProperty[];
}

/** Keywords a plain schema's field may carry and still be read as a Blankett field. */
const PLAIN_FIELD = new Set(['type', 'title', 'description', 'format', '$comment']);
const PLAIN_ROOT = new Set(['$schema', '$id', '$comment', 'title', 'description', 'type', 'properties', 'required', 'additionalProperties']);

/** A plain JSON Schema (no Blankett source) as form fields: string, email and boolean properties. */
export function metadataFromPlainSchema(schema: Node): MetadataProperty[] {
  for (const k of Object.keys(schema)) {
    if (!PLAIN_ROOT.has(k)) throw new ImportError(fill(m.plainKeyword, { keyword: k, path: `/schema/${k}` }), `/schema/${k}`);
  }
  if (schema.type !== undefined && schema.type !== 'object') throw new ImportError(m.notObject, '/schema/type');
  const props = isNode(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  const out: MetadataProperty[] = [];
  for (const [key, s] of Object.entries(props)) {
    const at = `/schema/properties/${key}`;
    if (!isNode(s)) throw new ImportError(fill(m.plainField, { key }), at);
    for (const k of Object.keys(s)) {
      if (!PLAIN_FIELD.has(k)) throw new ImportError(fill(m.plainKeyword, { keyword: k, path: `${at}/${k}` }), `${at}/${k}`);
    }
    const label = typeof s.title === 'string' && s.title.trim() !== '' ? s.title : key;
    const must = required.has(key);
    let field: MetadataProperty;
    if (s.type === 'string' && (s.format === undefined || s.format === 'email')) {
      const email = s.format === 'email';
      field = { key, type: email ? IMPORTED_TYPE.email : IMPORTED_TYPE.text, label, required: must, validators: must ? [{ name: 'minLength', data: 1 }] : [] };
      if (email) field.validators = [...(field.validators ?? []), { name: 'validEmail', data: null }];
    } else if (s.type === 'boolean' && s.format === undefined) {
      field = { key, type: IMPORTED_TYPE.boolean, label, required: must, validators: must ? [{ name: 'approved', data: null }] : [] };
    } else {
      throw new ImportError(fill(m.plainField, { key }), at);
    }
    out.push({ ...field, isHtml: false, placeholder: '', order: out.length, data: null });
  }
  if (out.length === 0) throw new ImportError(m.noFields, '/schema/properties');
  return out;
}

/** The exported schema without its `$comment` (which describes, and checks nothing), for comparing. */
export function comparable(schema: unknown): string {
  if (!isNode(schema)) return JSON.stringify(schema);
  const { $comment: _comment, ...rest } = schema;
  return canonical(rest);
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isNode(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v);
}
