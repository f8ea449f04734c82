/**
 * Bindings in screen files (docs/screens.md): '{route.id}', '{session.containerId}',
 * '{session.email}', '{row.x}', '{form}', '{form.x}', '{filter.x}', '{selection.ids}',
 * '{query.x}', '{answer.x}', '{data.x}' (a form's or record's loaded data), '{file.x}' (an upload's file),
 * '{link.token}' (a mailed link's fragment, screens/runner/mailedLink.ts). Pure: no React, used by the runner and the static checks.
 * In a text, '{data.info.name|data.email}' is the first of its alternatives that is not empty
 * (an applicant without a name is called by their address).
 */

export const BINDING_SOURCES = ['route', 'session', 'row', 'form', 'filter', 'selection', 'query', 'answer', 'data', 'file', 'link'] as const;
type BindingSource = (typeof BINDING_SOURCES)[number];
export type BindingContext = Partial<Record<BindingSource, unknown>>;

const ONE = /^\{([a-zA-Z]+)((?:\.[A-Za-z0-9_$-]+)*)\}$/;
const ALT = '[a-zA-Z]+(?:\\.[A-Za-z0-9_$-]+)*';
const ANY = new RegExp(`\\{(${ALT}(?:\\|${ALT})*)\\}`, 'g');

/** The alternatives of one binding's text ('data.info.name|data.email'), each split into source and path. */
const alternatives = (inner: string) =>
  inner.split('|').map((alt) => {
    const dot = alt.indexOf('.');
    return dot === -1 ? { source: alt, path: '' } : { source: alt.slice(0, dot), path: alt.slice(dot + 1) };
  });

/** A dotted path in a value ('info.email'); undefined when any step is missing. */
export function at(value: unknown, path: string): unknown {
  if (path === '') return value;
  let v = value;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** The parsed binding of a string that is exactly one binding, else null. */
export function parseBinding(text: string): { source: string; path: string } | null {
  const m = ONE.exec(text);
  return m ? { source: m[1] as string, path: (m[2] ?? '').replace(/^\./, '') } : null;
}

/** Every binding in a string ('/admin/positions/{row.id}' → [{ source: 'row', path: 'id' }]). */
export function bindingsIn(text: string): { source: string; path: string }[] {
  return [...text.matchAll(ANY)].flatMap((m) => alternatives(m[1] as string));
}

function resolve(ctx: BindingContext, source: string, path: string): unknown {
  return (BINDING_SOURCES as readonly string[]).includes(source) ? at(ctx[source as BindingSource], path) : undefined;
}

const asText = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A text with bindings filled as text; `encode` URL-encodes each value (for links). */
export function fillText(template: string, ctx: BindingContext, encode = false): string {
  return template.replace(ANY, (_, inner: string) => {
    const values = alternatives(inner).map((b) => asText(resolve(ctx, b.source, b.path)));
    const s = values.find((v) => v.trim() !== '') ?? values[0] ?? '';
    return encode ? encodeURIComponent(s) : s;
  });
}

/** A text that is one string, or one per value of a field ({ field: 'answer.status', texts }: `""` when it has none, `"*"` any other), filled. */
export function textBy(spec: string | { field: string; texts: Record<string, string> } | undefined, ctx: BindingContext): string {
  if (!spec) return '';
  if (typeof spec === 'string') return fillText(spec, ctx);
  const value = at(ctx, spec.field);
  const text = spec.texts[value === undefined || value === null ? '' : String(value)] ?? spec.texts['*'];
  return text ? fillText(text, ctx) : '';
}

/**
 * An in-app path from a route with bindings: a route that is one binding is the bound path as
 * it is (an answer's `next`, '/admin/minasidor?org=1'), only when it stays in the app; else each
 * value is URL-encoded and trimmed, and a path that ends in an empty value loses its '/'
 * ('/forgot/{form.email}' is '/forgot' until an address is typed).
 */
export function pathOf(route: string, ctx: BindingContext): string {
  const one = parseBinding(route);
  if (one) {
    const v = resolve(ctx, one.source, one.path);
    return typeof v === 'string' && v.startsWith('/') && !v.startsWith('//') ? v : '/';
  }
  const filled = route.replace(ANY, (_, inner: string) => {
    const values = alternatives(inner).map((b) => asText(resolve(ctx, b.source, b.path)).trim());
    return encodeURIComponent(values.find((v) => v !== '') ?? '');
  });
  return filled.replace(/\/+$/, '') || '/';
}

/** A JSON Schema fragment as far as coercion needs it. */
export interface TypeSchema {
  type?: string | string[];
  items?: TypeSchema;
  properties?: Record<string, TypeSchema>;
}

function typesOf(schema: TypeSchema | undefined): string[] {
  if (!schema?.type) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** Coerces a bound value to the type the action's schema declares ('7' → 7 for an integer); leaves what it cannot. */
export function coerce(value: unknown, schema: TypeSchema | undefined): unknown {
  const types = typesOf(schema);
  if (value === undefined || value === null || types.length === 0) return value;
  if (Array.isArray(value)) return types.includes('array') ? value.map((v) => coerce(v, schema?.items)) : value;
  if (typeof value === 'string') {
    if (types.includes('string')) return value;
    if ((types.includes('integer') || types.includes('number')) && value.trim() !== '') {
      const n = Number(value);
      if (Number.isFinite(n) && (types.includes('number') || Number.isInteger(n))) return n;
    }
    if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
    return value;
  }
  if ((typeof value === 'number' || typeof value === 'boolean') && types.includes('string') && !types.includes(typeof value)) {
    return String(value);
  }
  if (typeof value === 'object' && schema?.properties && types.includes('object')) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, coerce(v, schema.properties?.[k])]));
  }
  return value;
}

/**
 * Fills a screen file's `data` object: a string that is exactly one binding takes the bound
 * value (then coerced to `schema`'s type for that key), mixed strings are filled as text,
 * nested objects and arrays are filled too. Keys whose binding is undefined are left out,
 * so the action's schema names what is missing.
 */
export function fillData(data: unknown, ctx: BindingContext, schema?: TypeSchema): unknown {
  if (typeof data === 'string') {
    const one = parseBinding(data);
    const value = one ? resolve(ctx, one.source, one.path) : data.includes('{') ? fillText(data, ctx) : data;
    return coerce(value, schema);
  }
  if (Array.isArray(data)) return data.map((d) => fillData(d, ctx, schema?.items));
  if (data !== null && typeof data === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(data)) {
      const filled = fillData(v, ctx, schema?.properties?.[k]);
      if (filled !== undefined) out[k] = filled;
    }
    return out;
  }
  return data;
}

/** A JSON pointer ('' = the whole value, '/rows', '/page/items'). */
export function pointer(value: unknown, ptr: string | undefined): unknown {
  if (!ptr) return value;
  let v = value;
  for (const raw of ptr.replace(/^\//, '').split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}
