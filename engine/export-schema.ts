import type { JSONSchema, UiSchema } from './build-form';
import { kindOf } from './answer-kinds';
import { EMAIL_PATTERN } from './email';
import { PERSONNUMMER_PATTERN } from './personnummer';
import type { MetadataProperty } from './types';
import { keywordFor, MAX_BYTES_KEYWORD, REQUIRED_KEYWORD } from './validator-runtime';

/**
 * A compiled form as a standalone JSON Schema 2020-12 (issue 18 item 4), for integrators and
 * for forms kept in version control: what Blankett's own keywords say is written in standard
 * keywords wherever standard keywords can say it, so plain ajv with no Blankett code gives
 * Blankett's verdict. Presence (`x-required`) becomes `required`; minLength (trimmed, in code
 * points) a `pattern`; approved `const: true`; radioRequired and fileRequired `minLength` /
 * `minItems`; a group that needs one checked child an `anyOf`; the e-mail rule a `pattern`. The
 * personnummer's shape, date and serial become a `pattern` beside its `x-ssnValidSwe`, which is
 * left for the one thing a pattern cannot say, the Luhn check digit. What no standard keyword
 * can say (that digit, ages, birth years, sizes of data URLs) stays as its `x-` keyword and is
 * described in the schema's `$comment`; plain ajv must then be told to ignore them (declare them
 * as a vocabulary, or `strict: false`) and does not check them.
 */

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Trimmed text of at least n code points (engine/validators/minLength.ts) as a search pattern. */
function minLengthPattern(n: number): string | null {
  if (!Number.isInteger(n) || n <= 0) return null;
  return n === 1 ? '\\S' : `\\S[\\s\\S]{${n - 2},}\\S`;
}

/** The standard form of one value keyword of Blankett on a field's schema, or null when there is none. */
function standardValue(name: string, data: unknown, schema: Node): Node | null {
  switch (name) {
    case 'approved':
      return { const: true };
    case 'validEmail':
      return { allOf: [{ type: 'string', pattern: EMAIL_PATTERN }] };
    case 'radioRequired':
      return { allOf: [{ type: 'string', minLength: 1 }] };
    case 'fileRequired':
      if (schema.type === 'array') return { minItems: 1 };
      return { anyOf: [{ type: 'array', minItems: 1 }, { type: 'string', minLength: 1 }] };
    case 'minLength': {
      const n = Number(typeof data === 'string' ? data.trim() : data);
      if (n === 0) return {};
      const pattern = minLengthPattern(n);
      // Typed here too: a rule that only applies under a condition stands without its field's type.
      return pattern ? { allOf: [{ type: 'string', pattern }] } : null;
    }
    default:
      return null;
  }
}

/** What a pattern can say of a keyword that also stays, beside it; null when nothing. */
function standardBeside(name: string): Node | null {
  return name === 'ssnValidSwe' ? { allOf: [{ type: 'string', pattern: PERSONNUMMER_PATTERN }] } : null;
}

/** "At least one of these children is checked" (minSelectedInGroup 1). */
function oneChecked(children: { key: string; type: string }[]): Node {
  return {
    anyOf: children.map((c) => ({
      required: [c.key],
      properties: { [c.key]: kindOf(c.type) === 'period' ? { required: ['checked'], properties: { checked: { const: true } } } : { const: true } },
    })),
  };
}

function merge(into: Node, extra: Node): void {
  for (const [k, v] of Object.entries(extra)) {
    if (k === 'allOf' && Array.isArray(into.allOf)) into.allOf = [...(into.allOf as unknown[]), ...(v as unknown[])];
    else into[k] = v;
  }
}

function convert(node: Node, left: Set<string>): Node {
  const out: Node = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === REQUIRED_KEYWORD && isNode(v)) {
      out.required = [...new Set([...((out.required as string[]) ?? []), ...Object.keys(v)])];
    } else if (k === 'properties' && isNode(v)) {
      out.properties = Object.fromEntries(Object.entries(v).map(([key, s]) => [key, isNode(s) ? convertField(s, left) : s]));
    } else if (k === 'allOf' && Array.isArray(v)) {
      out.allOf = [...((out.allOf as unknown[]) ?? []), ...v.map((s) => (isNode(s) ? convert(s, left) : s))];
    } else if ((k === 'if' || k === 'then' || k === 'else') && isNode(v)) {
      out[k] = convert(v, left);
    } else if (k === keywordFor('minSelectedInGroup') && Array.isArray(v)) {
      const rest = v.filter((g: { data?: unknown }) => Number(g.data) > 1);
      const groups = v.filter((g: { data?: unknown }) => Number(g.data) === 1) as { children: { key: string; type: string }[] }[];
      if (groups.length) out.allOf = [...((out.allOf as unknown[]) ?? []), ...groups.map((g) => oneChecked(g.children))];
      if (rest.length) {
        out[k] = rest;
        left.add(k);
      }
    } else {
      if (k.startsWith('x-')) left.add(k);
      out[k] = v;
    }
  }
  return out;
}

function convertField(schema: Node, left: Set<string>): Node {
  const out: Node = {};
  const extras: Node[] = [];
  for (const [k, v] of Object.entries(schema)) {
    if (k.startsWith('x-') && k !== MAX_BYTES_KEYWORD && isNode(v)) {
      const standard = standardValue(k.slice(2), v.data, schema);
      if (standard) {
        extras.push(standard);
        continue;
      }
    }
    if (k.startsWith('x-')) {
      left.add(k);
      const beside = standardBeside(k.slice(2));
      if (beside) extras.push(beside);
    }
    out[k] = v;
  }
  for (const e of extras) merge(out, e);
  return out;
}

export interface ExportedForm {
  schema: JSONSchema;
  uiSchema: UiSchema;
}

/**
 * The compiled form in standard keywords. `describe(keyword)` names what a Blankett keyword
 * that remains checks (from the validator's declaration), for the schema's `$comment`. With
 * `metadata`, the form's source rides along in `uiSchema['ui:blankett']` (renderers ignore
 * unknown `ui:` keys), so the file imports back into a template exactly (engine/import-schema.ts).
 */
export function exportForm(compiled: { schema: JSONSchema; uiSchema: UiSchema }, describe: (keyword: string) => string, metadata?: readonly MetadataProperty[]): ExportedForm {
  const left = new Set<string>();
  const body = convert(compiled.schema, left);
  const schema: JSONSchema = { $schema: DIALECT, ...body };
  if (left.size > 0) {
    schema.$comment = `Blankett keywords (not standard JSON Schema; Blankett checks them, plain validators must ignore them): ${[...left].sort().map((k) => `${k}: ${describe(k)}`).join(' | ')}`;
  }
  const uiSchema = metadata ? { ...compiled.uiSchema, 'ui:blankett': { metadata } } : compiled.uiSchema;
  return { schema, uiSchema };
}
