/**
 * Static checks of the screen catalogue (docs/screens.md), run by
 * tests/unit/screens/catalogue.test.ts. Every problem names the file and the key:
 * meta-schema; id = file name; actions exist; what a screen sends (bindings filled with
 * sample values of the action's declared types, coerced as the runner does) satisfies the
 * action's data schema; access ≥ the action's x-role; views exist; route params a binding
 * names exist; no route declared twice; every spec route has a file; a view's `uses` lists
 * exactly the actions its code names (scripts/view-calls.ts), each existing and within access.
 * `checkCatalogue` takes the catalogue as input, so a test can run it on a made-up one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { flatActionSchema } from '../engine/shared-schemas';
import { actionFiles } from '../server/dispatcher/action-files';
import { ajvPicker } from '../server/dispatcher/ajv';
import { isAdminPath } from '../screens/adminPaths';
import { ACCESS_RANK as RANK } from '../screens/runner/access';
import { BINDING_SOURCES, bindingsIn, coerce, parseBinding, type TypeSchema } from '../screens/runner/bindings';
import { viewRegistry } from '../screens/runner/viewRegistry';
import { actionsNamedBy, diskSource, type NamedAction } from './view-calls';

type Json = Record<string, unknown>;

export interface CatalogueInput {
  /** `file` as shown in messages, e.g. 'schemas/screens/users.json'. */
  screens: { file: string; json: unknown }[];
  /** Action name → its data schema (schemas/actions/<name>.json, shared parts inlined: engine/shared-schemas.ts). */
  actions: ReadonlyMap<string, Json>;
  /** The names of the view files, `screens/<area>/…/<View>.view.tsx` (screens/runner/viewRegistry.ts). */
  views: ReadonlySet<string>;
  /** View name → its file, for messages (the name alone when absent). */
  viewFiles?: ReadonlyMap<string, string>;
  metaSchema: Json;
  /** Routes that must each have a screen file (spec document 1 §2). */
  specRoutes?: readonly string[];
  /** View name → the actions its code names (scripts/view-calls.ts); a view not here is not compared. */
  viewCalls?: ReadonlyMap<string, readonly NamedAction[]>;
  /** View name → the names its file passes to `viewCall()` (screens/runner/viewCall.ts); each must be its own. */
  viewCallers?: ReadonlyMap<string, readonly string[]>;
}

/**
 * Spec document 1 §2: the session routes, the admin routes (the table, one entry per route),
 * the candidate layout and the redirect targets. `/admin` alias `/` is not here: `/` is the
 * public list on the public host rules (screens/public/README.md). Our addition
 * /reset-password is not a spec route and not required.
 */
export const SPEC_ROUTES: readonly string[] = [
  '/login', '/forgot/:email?', '/access-denied',
  '/admin', '/admin/pick-container',
  '/admin/users', '/admin/users/:id', '/admin/users/new',
  '/admin/positions', '/admin/positions/new', '/admin/positions/:action/:type', '/admin/positions/:id',
  '/admin/positions/:id/edit', '/admin/positions/:id/permissions',
  '/admin/positions/:id/applicants/:applicantId', '/admin/positions/:id/applicants/new', '/admin/positions/:id/integrations',
  '/admin/templates/skills', '/admin/templates/email', '/admin/templates/email/:positionTypeId', '/admin/banners',
  '/admin/form-templates', '/admin/form-templates/new', '/admin/form-templates/edit/:id', '/admin/notifications/:id',
  '/admin/integration', '/admin/container/profile', '/admin/gdpr', '/admin/gdpr/inform', '/admin/gdpr/delete',
  '/admin/container/new', '/admin/generate-data', '/admin/create-news', '/admin/create-news/details',
  '/admin/news', '/admin/news/:id', '/admin/news/:id/edit', '/admin/events', '/admin/chat', '/admin/chat/:id',
  '/admin/recruit-chat', '/admin/change-password', '/admin/profile', '/admin/access-denied',
  '/*',
  '/admin/recruit', '/admin/minasidor',
  '/admin/formbuilder', '/admin/formbuilderedit',
];

/** A route pattern with parameter names erased ('/admin/users/:id' → '/admin/users/:'), for comparing. */
export function routeShape(route: string): string {
  return route.replace(/:[A-Za-z0-9_]+(\?)?/g, ':$1').replace(/\/+$/, '') || '/';
}

const paramsOf = (route: string): string[] => [...route.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);

/** An action's x-role as a rank: role user with scope none is any logged-in user, with a scope a member (read). */
export function roleRank(schema: Json): number {
  const role = String(schema['x-role']);
  if (role === 'user') return schema['x-scope'] === 'none' ? RANK.loggedIn : RANK.read;
  return RANK[role as keyof typeof RANK] ?? RANK.odin;
}

/**
 * What a screen's access guarantees: loggedIn inside the shell (admin layout) means a chosen
 * company the user belongs to, so it counts as read; in the session layout it is only a token.
 */
function screenRank(screen: Json): number {
  const access = String(screen.access);
  const layout = screen.layout ?? (access === 'candidate' ? 'candidate' : access === 'public' ? 'session' : 'admin');
  if (access === 'loggedIn' && layout === 'admin') return RANK.read;
  return RANK[access as keyof typeof RANK] ?? 0;
}

/** A value of the type a schema declares (first enum value, lowest allowed number, required keys of objects). */
export function sampleOf(schema: Json | undefined): unknown {
  if (!schema) return 'x';
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const k of ['anyOf', 'oneOf'] as const) if (Array.isArray(schema[k])) return sampleOf((schema[k] as Json[])[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(typeof schema.minimum === 'number' ? schema.minimum : 1, 1);
    case 'boolean':
      return true;
    case 'array': {
      const n = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 1, 1);
      return Array.from({ length: n }, (_, i) => {
        const s = sampleOf(schema.items as Json | undefined);
        return typeof s === 'number' ? s + i : s;
      });
    }
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      return Object.fromEntries(((schema.required ?? []) as string[]).map((k) => [k, sampleOf(props[k])]));
    }
    default: {
      const format = schema.format;
      if (format === 'email') return 'user@example.se';
      if (format === 'date') return '2026-01-01';
      if (format === 'date-time') return '2026-01-01T00:00:00Z';
      if (format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      const n = Math.max(typeof schema.minLength === 'number' ? schema.minLength : 1, 1);
      // A pattern ('^[0-9+()\\- ]*$' for a phone number): the first of a few plain texts it allows.
      const fits = typeof schema.pattern === 'string' ? [...['x', '1', 'a'].map((c) => c.repeat(n)), ''].find((c) => new RegExp(schema.pattern as string, 'u').test(c)) : undefined;
      return fits ?? 'x'.repeat(n);
    }
  }
}

/** The value a binding has at run time, as far as the checker knows its type. */
function sampleBinding(source: string, path: string, target: Json | undefined): unknown {
  if (source === 'selection') return path === 'ids' ? [1, 2] : undefined;
  if (source === 'session') return path === 'containerId' ? 1 : path === 'email' ? 'user@example.se' : undefined;
  // Route and query values are text; the runner coerces them to the declared type.
  if (source === 'route' || source === 'query') return coerce(typeof sampleOf(target) === 'number' ? '1' : String(sampleOf(target)), target as TypeSchema);
  return sampleOf(target);
}

function fill(data: unknown, schema: Json | undefined): unknown {
  if (typeof data === 'string') {
    const one = parseBinding(data);
    if (one) return sampleBinding(one.source, one.path, schema);
    return data.includes('{') ? data.replace(/\{[^}]*\}/g, 'x') : data;
  }
  if (Array.isArray(data)) return data.map((d) => fill(d, schema?.items as Json | undefined));
  if (data && typeof data === 'object') {
    const props = (schema?.properties ?? {}) as Record<string, Json>;
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, fill(v, props[k])]));
  }
  return data;
}

/** Every string in a value with its key path ('rowActions[0].data.positionId'). */
function strings(value: unknown, path: string, out: { path: string; text: string }[] = []) {
  if (typeof value === 'string') out.push({ path, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, path ? `${path}.${k}` : k, out);
  return out;
}

/** Every action call of a screen or of a page's block: [key path, call]; a page's blocks' calls too. */
function callsOf(screen: Json, prefix = '', access?: unknown): { path: string; call: Json; access?: unknown }[] {
  const out: { path: string; call: Json; access?: unknown }[] = [];
  if (screen.load) out.push({ path: `${prefix}load`, call: screen.load as Json, access });
  if (screen.save) out.push({ path: `${prefix}save`, call: screen.save as Json, access });
  for (const list of ['actions', 'rowActions', 'bulkActions'] as const) {
    ((screen[list] ?? []) as Json[]).forEach((a, i) => a.action !== undefined && out.push({ path: `${prefix}${list}[${i}]`, call: a, access: a.access ?? access }));
  }
  // A block shown only to a right (`access`) makes its calls that right's.
  ((screen.blocks ?? []) as Json[]).forEach((b, i) => out.push(...callsOf(b, `blocks[${i}].`, b.access)));
  return out;
}

/** What an action's verbs (dialog, upload, download, confirmTyped) need: an action to run, and the values they bind. */
function verbProblems(call: Json): string[] {
  const out: string[] = [];
  const verbs = (['dialog', 'upload', 'download'] as const).filter((v) => call[v] !== undefined);
  if (verbs.length && call.action === undefined) out.push(`${verbs.join(', ')} needs an action to run`);
  const bound = strings(call.data ?? {}, '').flatMap(({ text }) => bindingsIn(text));
  if (bound.some((b) => b.source === 'file') && call.upload === undefined) out.push('binds {file.x} but has no upload');
  const dialog = call.dialog as Json | undefined;
  if (dialog) {
    const fields = new Set(Object.keys(((dialog.schema as Json | undefined)?.properties ?? {}) as Json));
    for (const b of bound) if (b.source === 'form' && !fields.has(b.path.split('.')[0] ?? '')) out.push(`binds {form.${b.path}} but the dialog has no field ${b.path}`);
  }
  return out;
}

/** The screen itself when it is a view, and every view block of a page: [key prefix, the part with `view` and `uses`]. */
function viewsOf(screen: Json): { prefix: string; part: Json }[] {
  const out = screen.kind === 'view' ? [{ prefix: '', part: screen }] : [];
  ((screen.blocks ?? []) as Json[]).forEach((b, i) => b.kind === 'view' && out.push({ prefix: `blocks[${i}].`, part: b }));
  // A form's alternative is a view that calls no action (it posts to account routes, if anywhere).
  ((screen.blocks ?? []) as Json[]).forEach((b, i) => b.alternative && out.push({ prefix: `blocks[${i}].alternative.`, part: { view: (b.alternative as Json).view, uses: [] } }));
  ((screen.blocks ?? []) as Json[]).forEach((b, i) => b.followUp && out.push({ prefix: `blocks[${i}].followUp.`, part: { view: (b.followUp as Json).view, uses: [] } }));
  ((screen.blocks ?? []) as Json[]).forEach((b, i) => (b.companion as Json | undefined)?.view && out.push({ prefix: `blocks[${i}].companion.`, part: { view: (b.companion as Json).view, uses: [] } }));
  ((screen.blocks ?? []) as Json[]).forEach((b, i) => (b.link as Json | undefined)?.view && out.push({ prefix: `blocks[${i}].link.`, part: { view: (b.link as Json).view, uses: [] } }));
  return out;
}

type Use = string | { action: string; access: string };

/** A view's (screen or block) `uses` against the action schemas and against what its code names; `s` is the screen, for its access. */
function checkUses(s: Json, part: Json, input: CatalogueInput, say: (key: string, msg: string) => void): void {
  const uses = (part.uses ?? []) as Use[];
  const declared = new Set<string>();
  uses.forEach((u, i) => {
    const action = typeof u === 'string' ? u : u.action;
    const key = `uses[${i}]`;
    if (declared.has(action)) say(key, `${action} is declared twice`);
    declared.add(action);
    const schema = input.actions.get(action);
    if (!schema) return say(key, `unknown action ${action} (no schemas/actions/${action}.json)`);
    const own = typeof u === 'string' ? undefined : u.access;
    const access = Math.max(screenRank(s), RANK[own as keyof typeof RANK] ?? 0);
    if (access < roleRank(schema)) say(key, `${action} needs x-role ${String(schema['x-role'])} (scope ${String(schema['x-scope'])}) but the screen's access is ${String(s.access)}${own ? ` / ${own}` : ''}`);
  });
  const named = input.viewCalls?.get(String(part.view));
  if (!named) return;
  for (const { action, file } of named) {
    if (!declared.has(action)) say('uses', `the view ${String(part.view)} calls ${action} (named in ${file}) but the screen does not declare it`);
  }
  const inCode = new Set(named.map((n) => n.action));
  uses.forEach((u, i) => {
    const action = typeof u === 'string' ? u : u.action;
    if (!inCode.has(action)) say(`uses[${i}]`, `${action} is declared but the code of the view ${String(part.view)} never names it`);
  });
}

/** All problems of a catalogue, each 'file: key: what is wrong'; empty when it is sound. */
export function checkCatalogue(input: CatalogueInput): string[] {
  const problems: string[] = [];
  const pick = ajvPicker();
  // The meta-schema's `if/then: required` name properties declared at the top: not strictRequired.
  const meta = new Ajv2020({ allErrors: true, strictRequired: false }).compile(input.metaSchema);
  const seen = new Map<string, string>();
  for (const { file, json } of input.screens) {
    const say = (key: string, msg: string) => problems.push(`${file}: ${key}: ${msg}`);
    if (!meta(json)) {
      for (const e of meta.errors ?? []) say(e.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(root)', `${e.message ?? 'invalid'}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
      continue;
    }
    const s = json as Json;
    const name = file.replace(/^.*\//, '').replace(/\.json$/, '');
    if (s.id !== name) say('id', `'${String(s.id)}' differs from the file name '${name}'`);
    const paths = [s.route as string, ...((s.aliases ?? []) as string[])];
    paths.forEach((p, i) => {
      const key = i === 0 ? 'route' : `aliases[${i - 1}]`;
      const shape = routeShape(p);
      const other = seen.get(shape);
      if (other) say(key, `${p} is declared twice (also ${other})`);
      else seen.set(shape, `${file} ${key}`);
      if (p !== '/*' && !isAdminPath(p.replace(/\/:.*$/, '') || '/')) say(key, `${p} is not under a path of ADMIN_PREFIXES (screens/adminPaths.ts), so the public site would get it`);
    });
    for (const { prefix, part } of viewsOf(s)) {
      const sayIn = (key: string, msg: string) => say(`${prefix}${key}`, msg);
      if (!input.views.has(String(part.view))) sayIn('view', `no ${String(part.view)}.view.tsx under screens/`);
      checkUses(s, part, input, sayIn);
    }
    if (s.kind !== 'view' && s.uses !== undefined) say('uses', `only a view declares uses; a ${String(s.kind)} screen's calls are its load, save and actions`);
    const params = new Set(paths.flatMap(paramsOf));
    for (const [param, pattern] of Object.entries((s.params ?? {}) as Record<string, string>)) {
      if (!params.has(param)) say(`params.${param}`, `the route ${String(s.route)} has no :${param}`);
      try {
        new RegExp(pattern, 'u');
      } catch {
        say(`params.${param}`, `'${pattern}' is not a regular expression`);
      }
    }
    for (const { path, text } of strings({ load: s.load, save: s.save, actions: s.actions, rowActions: s.rowActions, bulkActions: s.bulkActions, columns: s.columns, next: s.next, to: s.to, rowLabel: s.rowLabel, heading: s.heading, sections: s.sections, blocks: s.blocks }, '')) {
      for (const b of bindingsIn(text)) {
        if (!(BINDING_SOURCES as readonly string[]).includes(b.source)) say(path, `unknown binding {${b.source}${b.path ? `.${b.path}` : ''}}`);
        else if (b.source === 'route' && !params.has(b.path)) say(path, `{route.${b.path}}: the route ${String(s.route)} has no :${b.path}`);
      }
    }
    for (const { path, call, access: own } of callsOf(s)) {
      // A save to an account route: the schema's pattern keeps it under /api/account/; its body is the route's.
      if (call.route !== undefined) {
        if (!path.endsWith('save') && !(path.endsWith('load') && (path.startsWith('blocks') ? ((s.blocks as Json[])[Number(/\d+/.exec(path)![0])]!.kind === 'form') : s.kind === 'form'))) say(`${path}.route`, 'only a form saves to or loads from an account route');
        continue;
      }
      const action = String(call.action);
      const schema = input.actions.get(action);
      if (!schema) {
        say(`${path}.action`, `unknown action ${action} (no schemas/actions/${action}.json)`);
        continue;
      }
      for (const msg of verbProblems(call)) say(path, msg);
      const access = Math.max(screenRank(s), RANK[String(own) as keyof typeof RANK] ?? 0);
      if (access < roleRank(schema)) say(`${path}.action`, `${action} needs x-role ${String(schema['x-role'])} (scope ${String(schema['x-scope'])}) but the screen's access is ${String(s.access)}${own ? ` / ${String(own)}` : ''}`);
      // A form's save without data sends the form itself; its shape is the form's, not checked here.
      if (path.endsWith('save') && call.data === undefined) continue;
      const validate = pick(schema).compile(schema);
      const sent = fill(call.data ?? {}, schema);
      if (!validate(sent)) {
        for (const e of validate.errors ?? []) {
          const where = e.keyword === 'additionalProperties' ? `/${String(e.params.additionalProperty)}` : e.keyword === 'required' ? `/${String(e.params.missingProperty)}` : e.instancePath;
          say(`${path}.data${where.replace(/\//g, '.')}`, `${action} refuses it: ${e.message ?? 'invalid'}`);
        }
      }
    }
  }
  for (const [view, asked] of input.viewCallers ?? []) {
    for (const other of asked) if (other !== view) problems.push(`${input.viewFiles?.get(view) ?? `${view}.view.tsx`}: viewCall('${other}'): a view's call is typed by its own uses; ask for '${view}'`);
  }
  for (const r of input.specRoutes ?? []) if (!seen.has(routeShape(r))) problems.push(`schemas/screens/: route ${r}: no screen file declares it (spec document 1 §2)`);
  return problems;
}

/** Every `*.view.tsx` below `dir`, as paths from the root ('screens/applicants/PositionPage.view.tsx'). */
function viewFilesUnder(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? viewFilesUnder(root, `${dir}/${e.name}`) : e.name.endsWith('.view.tsx') ? [`${dir}/${e.name}`] : [],
  );
}

/** The repository's own catalogue, read from disk. */
export function loadCatalogue(root: string): CatalogueInput {
  const dir = (d: string) => readdirSync(join(root, d)).sort();
  const read = (p: string) => JSON.parse(readFileSync(join(root, p), 'utf8')) as Json;
  // Flat: the shared parts an action `$ref`s (schemas/shared/) are its properties like any other.
  const actions = new Map(actionFiles(join(root, 'schemas/actions')).map((f) => [f.name, flatActionSchema(read(`schemas/actions/${f.file}`))]));
  const viewFiles = viewRegistry(Object.fromEntries(viewFilesUnder(root, 'screens').map((f) => [f, f])));
  const views = new Set(viewFiles.keys());
  const source = diskSource(root);
  const names = new Set(actions.keys());
  return {
    screens: dir('schemas/screens').filter((f) => f.endsWith('.json')).map((f) => ({ file: `schemas/screens/${f}`, json: read(`schemas/screens/${f}`) })),
    actions,
    views,
    viewFiles,
    viewCalls: new Map([...viewFiles].map(([v, f]) => [v, actionsNamedBy(f, source, names)])),
    viewCallers: new Map([...viewFiles].map(([v, f]) => [v, [...(source(f) ?? '').matchAll(/\bviewCall\(\s*'(\w+)'/g)].map((m) => m[1]!)])),
    metaSchema: read('schemas/screen.schema.json'),
    specRoutes: SPEC_ROUTES,
  };
}
