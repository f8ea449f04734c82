import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';

/**
 * The SCIM User attributes Blankett keeps (RFC 7643 §4.1 and the enterprise extension §4.3),
 * how a path names them (RFC 7644 §3.5.2, with the shapes Microsoft Entra ID and Okta send),
 * and the one refusal type of the SCIM code. Pure: no store, no HTTP.
 */

export const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** A refusal in SCIM's terms (RFC 7644 §3.12): the route answers it in SCIM's error format. */
export class ScimProblem extends Error {
  constructor(
    readonly status: number,
    readonly scimType: string | undefined,
    detail: string,
  ) {
    super(detail);
    this.name = 'ScimProblem';
  }
}

export const problem = {
  invalidPath: (path: string) => new ScimProblem(400, 'invalidPath', fill(sv.scim.invalidPath, { path: path.slice(0, 100) })),
  invalidFilter: () => new ScimProblem(400, 'invalidFilter', sv.scim.invalidFilter),
  invalidValue: (attr: string) => new ScimProblem(400, 'invalidValue', fill(sv.scim.invalidValue, { attr: attr.slice(0, 100) })),
  invalidSyntax: (detail: string = sv.scim.invalidSyntax) => new ScimProblem(400, 'invalidSyntax', detail),
  noTarget: () => new ScimProblem(400, 'noTarget', sv.scim.noTarget),
  mutability: (attr: string) => new ScimProblem(400, 'mutability', fill(sv.scim.mutability, { attr })),
  uniqueness: (detail: string = sv.scim.uniqueness) => new ScimProblem(409, 'uniqueness', detail),
  notFound: () => new ScimProblem(404, undefined, sv.scim.notFound),
};

type Kind = 'string' | 'boolean';

/** A complex attribute's sub-attributes (all strings, `primary` a boolean). */
type Subs = Record<string, Kind>;

export interface AttrDef {
  name: string;
  kind: Kind | 'complex' | 'multi';
  subs?: Subs;
}

const MULTI_SUBS: Subs = { value: 'string', display: 'string', type: 'string', primary: 'boolean' };
const ADDRESS_SUBS: Subs = { formatted: 'string', streetAddress: 'string', locality: 'string', region: 'string', postalCode: 'string', country: 'string', type: 'string', primary: 'boolean' };

export const DEFS: AttrDef[] = [
  ...['userName', 'externalId', 'displayName', 'nickName', 'profileUrl', 'title', 'userType', 'preferredLanguage', 'locale', 'timezone'].map((name) => ({ name, kind: 'string' as const })),
  { name: 'active', kind: 'boolean' },
  { name: 'name', kind: 'complex', subs: Object.fromEntries(['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix'].map((s) => [s, 'string' as const])) },
  ...['emails', 'phoneNumbers', 'ims', 'photos', 'roles', 'entitlements', 'x509Certificates'].map((name) => ({ name, kind: 'multi' as const, subs: MULTI_SUBS })),
  { name: 'addresses', kind: 'multi', subs: ADDRESS_SUBS },
  // The enterprise extension, kept under `enterprise` (a store key may hold no dot); `manager` is its id.
  { name: 'enterprise', kind: 'complex', subs: Object.fromEntries(['employeeNumber', 'costCenter', 'organization', 'division', 'department', 'manager'].map((s) => [s, 'string' as const])) },
];

const BY_NAME = new Map(DEFS.map((d) => [d.name.toLowerCase(), d]));

/** Attributes a client may send but Blankett never stores (read-only, or passwords it does not take). */
export const IGNORED = new Set(['schemas', 'id', 'meta', 'groups', 'password']);

/** The longest text value and the most values of one multi-valued attribute. */
const MAX_TEXT = 1000;
const MAX_VALUES = 20;

export type Attrs = Record<string, unknown>;
type Item = Record<string, unknown>;

/** One `sub eq value` of a value filter (`emails[type eq "work"]`). */
export interface Eq {
  attr: string;
  value: string | boolean | null;
}

interface Path {
  def: AttrDef;
  filter?: Eq[];
  sub?: string;
}

function subName(def: AttrDef, raw: string, path: string): string {
  const hit = Object.keys(def.subs ?? {}).find((s) => s.toLowerCase() === raw.toLowerCase());
  if (!hit) throw problem.invalidPath(path);
  return hit;
}

const EQ = /^\s*([A-Za-z][\w.:-]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false|null)\s*/i;

/** `a eq "x" and b eq true`: the only filters Blankett reads (the SCIM clients send no other). */
export function parseEqs(text: string): Eq[] {
  const out: Eq[] = [];
  let rest = text;
  for (;;) {
    const m = EQ.exec(rest);
    if (!m) throw problem.invalidFilter();
    let value: Eq['value'];
    try {
      value = JSON.parse(m[2]!.startsWith('"') ? m[2]! : m[2]!.toLowerCase()) as Eq['value'];
    } catch {
      throw problem.invalidFilter();
    }
    out.push({ attr: m[1]!, value });
    rest = rest.slice(m[0].length);
    if (rest === '') return out;
    const and = /^and\s+/i.exec(rest);
    if (!and || out.length >= 5) throw problem.invalidFilter();
    rest = rest.slice(and[0].length);
  }
}

/** A PATCH path (or an attribute name in a path-less value) → the attribute it names. */
function parsePath(path: string): Path {
  let rest = path.trim();
  if (rest.length > 300) throw problem.invalidPath(path);
  const lower = rest.toLowerCase();
  if (lower.startsWith(ENTERPRISE_USER.toLowerCase())) {
    rest = rest.slice(ENTERPRISE_USER.length);
    const def = BY_NAME.get('enterprise')!;
    if (rest === '') return { def };
    if (!rest.startsWith(':')) throw problem.invalidPath(path);
    // `…:manager.value` names the manager's id, which is all Blankett keeps of it.
    const sub = rest.slice(1).replace(/^manager\.value$/i, 'manager');
    return { def, sub: subName(def, sub, path) };
  }
  if (lower.startsWith(`${CORE_USER.toLowerCase()}:`)) rest = rest.slice(CORE_USER.length + 1);
  const m = /^([A-Za-z][\w-]*)(?:\[(.+)\])?(?:\.([A-Za-z][\w-]*))?$/.exec(rest);
  const def = m ? BY_NAME.get(m[1]!.toLowerCase()) : undefined;
  if (!m || !def || def.name === 'enterprise') throw problem.invalidPath(path);
  const out: Path = { def };
  if (m[2] !== undefined) {
    if (def.kind !== 'multi') throw problem.invalidPath(path);
    out.filter = parseEqs(m[2]).map((e) => ({ attr: subName(def, e.attr, path), value: e.value }));
  }
  if (m[3] !== undefined) {
    if (def.kind !== 'complex' && def.kind !== 'multi') throw problem.invalidPath(path);
    out.sub = subName(def, m[3], path);
  }
  return out;
}

/** Entra sends booleans as "True"/"False" strings. */
function coerce(kind: Kind, value: unknown, attr: string): string | boolean {
  if (kind === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
    throw problem.invalidValue(attr);
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value.length > MAX_TEXT) throw problem.invalidValue(attr);
  return value;
}

function complexValue(def: AttrDef, value: unknown, base: Item = {}): Item {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw problem.invalidValue(def.name);
  const out: Item = { ...base };
  for (const [k, v] of Object.entries(value as Item)) {
    if (def.name === 'enterprise' && k.toLowerCase() === 'manager') {
      const id = v && typeof v === 'object' ? (v as Item).value : v;
      if (id === null || id === undefined || id === '') delete out.manager;
      else out.manager = coerce('string', id, 'manager');
      continue;
    }
    if (k === '$ref') continue;
    const sub = subName(def, k, `${def.name}.${k}`);
    if (v === null) delete out[sub];
    else out[sub] = coerce(def.subs![sub]!, v, `${def.name}.${sub}`);
  }
  return out;
}

const matches = (item: Item, filter: Eq[]) => filter.every((e) => (typeof item[e.attr] === 'string' && typeof e.value === 'string' ? (item[e.attr] as string).toLowerCase() === e.value.toLowerCase() : item[e.attr] === e.value));

/** Items with nothing but a type or a primary flag left say nothing: they go. */
const meaningful = (item: Item) => Object.keys(item).some((k) => k !== 'type' && k !== 'primary' && k !== 'display');

function setMulti(attrs: Attrs, def: AttrDef, items: Item[]) {
  const kept = items.filter(meaningful);
  if (kept.length > MAX_VALUES) throw problem.invalidValue(def.name);
  // At most one primary value (RFC 7643 §2.4): the last one marked wins.
  const primary = kept.map((i) => i.primary === true).lastIndexOf(true);
  kept.forEach((i, n) => (n !== primary ? delete i.primary : undefined));
  if (kept.length) attrs[def.name] = kept;
  else delete attrs[def.name];
}

function applyMulti(attrs: Attrs, op: string, p: Path, value: unknown) {
  const def = p.def;
  const items = ((attrs[def.name] as Item[] | undefined) ?? []).map((i) => ({ ...i }));
  const hit = (i: Item) => !p.filter || matches(i, p.filter);
  if (op === 'remove') {
    if (!p.filter && !p.sub) return void delete attrs[def.name];
    if (!p.sub) return setMulti(attrs, def, items.filter((i) => !hit(i)));
    for (const i of items) if (hit(i)) delete i[p.sub];
    return setMulti(attrs, def, items);
  }
  if (!p.filter && !p.sub) {
    const list = (Array.isArray(value) ? value : [value]).map((v) => complexValue(def, v));
    return setMulti(attrs, def, op === 'add' ? [...items, ...list] : list);
  }
  const patch = p.sub ? { [p.sub]: value } : value;
  const matched = items.filter(hit);
  if (matched.length === 0) {
    // Entra adds `emails[type eq "work"].value` to a user with no work address: a new value with the filter's parts.
    const seed = Object.fromEntries((p.filter ?? []).filter((e) => e.value !== null).map((e) => [e.attr, e.value]));
    items.push(complexValue(def, patch, seed));
  } else {
    for (const i of matched) Object.assign(i, complexValue(def, patch, i));
    for (const i of matched) for (const k of Object.keys(i)) if (i[k] === undefined) delete i[k];
  }
  setMulti(attrs, def, items.map((i) => Object.fromEntries(Object.entries(i).filter(([, v]) => v !== undefined))));
}

/** Applies one operation (op already lower-cased) at `path` to `attrs` in place. */
export function applyAt(attrs: Attrs, op: 'add' | 'replace' | 'remove', path: string, value: unknown): void {
  const p = parsePath(path);
  const def = p.def;
  if (op !== 'remove' && value === null) op = 'remove';
  if (def.kind === 'multi') return applyMulti(attrs, op, p, value);
  if (def.kind === 'complex') {
    const current = (attrs[def.name] as Item | undefined) ?? {};
    let next: Item;
    if (op === 'remove') {
      next = { ...current };
      if (p.sub) delete next[p.sub];
      else next = {};
    } else {
      next = complexValue(def, p.sub ? { [p.sub]: value } : value, current);
    }
    if (Object.keys(next).length) attrs[def.name] = next;
    else delete attrs[def.name];
    return;
  }
  if (op === 'remove') {
    // userName and active are what Blankett acts on: neither can be left unset.
    if (def.name === 'userName' || def.name === 'active') throw problem.mutability(def.name);
    delete attrs[def.name];
    return;
  }
  attrs[def.name] = coerce(def.kind, value, def.name);
}

/** An attribute of a resource body, or of a path-less PATCH value, that Blankett neither keeps nor ignores. */
export function isExtension(key: string): boolean {
  return key.toLowerCase().startsWith('urn:') && !key.toLowerCase().startsWith(ENTERPRISE_USER.toLowerCase()) && !key.toLowerCase().startsWith(`${CORE_USER.toLowerCase()}:`);
}

/** A whole User body (POST, PUT) → the attributes kept; unknown extensions (`urn:…`) are left out. */
export function attrsOfBody(body: unknown): Attrs {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw problem.invalidSyntax();
  const attrs: Attrs = {};
  for (const [k, v] of Object.entries(body as Item)) {
    if (IGNORED.has(k) || isExtension(k) || v === null) continue;
    applyAt(attrs, 'replace', k, v);
  }
  if (typeof attrs.userName !== 'string' || !attrs.userName.trim()) throw problem.invalidValue('userName');
  return attrs;
}
