import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { flatActionSchema } from '../../engine/shared-schemas';
import { actionFiles } from './action-files';
import { ajvPicker } from './ajv';
import { answerCompiler } from './answers';
import type { Role, Scope } from '../domain/accounts/access';
import type { ActionTable, AnyHandler } from './types';

interface ActionDef {
  name: string;
  role: Role;
  scope: Scope;
  /** Largest accepted request body for this action, in bytes. */
  maxBody: number;
  validate: ValidateFunction;
  /** The compiled `x-answer`: what the handler must return (checked in test runs). */
  validateAnswer: ValidateFunction;
  handler: AnyHandler;
  /** The action file's schema with the shared parts it `$ref`s inlined (engine/schema-refs.ts): what readers such as the OpenAPI document see. */
  schema: Record<string, unknown>;
}

export type Registry = ReadonlyMap<string, ActionDef>;

const ROLES: Role[] = ['user', 'read', 'write', 'admin', 'odin'];
const SCOPES: Scope[] = ['none', 'container', 'position', 'applicant', 'applicants'];

const DEFAULT_MAX_BODY = 1024 * 1024;
/** Template and asset uploads carry base64 files (asset actions `create_*AssetCommand`). */
export const ASSET_MAX_BODY = 8 * 1024 * 1024;

const root = resolve(import.meta.dirname, '../..');
export const DEFAULT_DIRS = { schemasDir: join(root, 'schemas/actions'), actionsDir: join(root, 'server/actions') };

/**
 * Loads the `actions` table of every `server/actions/<area>/*.ts` module (readdir + dynamic
 * import); each handler remembers its area, the folder it was found in.
 */
async function loadHandlers(actionsDir: string): Promise<Map<string, { handler: AnyHandler; file: string; area: string }>> {
  const handlers = new Map<string, { handler: AnyHandler; file: string; area: string }>();
  const isModule = (f: string) => /\.(ts|js|mjs)$/.test(f) && !/\.(d|test|spec)\.(ts|js|mjs)$/.test(f);
  const files: { area: string; file: string }[] = [];
  for (const entry of readdirSync(actionsDir).sort()) {
    if (statSync(join(actionsDir, entry)).isDirectory()) {
      for (const f of readdirSync(join(actionsDir, entry)).filter(isModule).sort()) files.push({ area: entry, file: `${entry}/${f}` });
    } else if (isModule(entry)) throw new Error(`server/actions/${entry} must sit in an area folder (server/actions/<area>/, the folder of its actions' schemas)`);
  }
  for (const { area, file } of files) {
    // The default folder's .ts files are imported by a path relative to this file, which the server
    // bundle follows (scripts/server-bundle.ts: every ../actions/*/*.ts); others by their absolute path.
    const bundled = actionsDir === DEFAULT_DIRS.actionsDir && file.endsWith('.ts');
    const mod = (bundled ? await import(`../actions/${area}/${file.slice(area.length + 1, -3)}.ts`) : await import(pathToFileURL(join(actionsDir, file)).href)) as { actions?: ActionTable };
    if (!mod.actions || typeof mod.actions !== 'object') {
      throw new Error(`server/actions/${file} must export \`actions\` (an ActionTable)`);
    }
    for (const [name, handler] of Object.entries(mod.actions)) {
      if (typeof handler !== 'function') throw new Error(`action ${name} in server/actions/${file} is not a function`);
      const prev = handlers.get(name);
      if (prev) throw new Error(`action ${name} is defined twice: ${prev.file} and ${file}`);
      handlers.set(name, { handler, file, area });
    }
  }
  return handlers;
}

function loadSchemas(schemasDir: string, problems: string[]): Map<string, { schema: Record<string, unknown>; area: string; file: string }> {
  const schemas = new Map<string, { schema: Record<string, unknown>; area: string; file: string }>();
  const files = actionFiles(schemasDir);
  for (const m of files.misplaced) problems.push(`schemas/actions/${m}: an action schema sits in an area folder, schemas/actions/<area>/<action>.json`);
  for (const { name, area, file, path } of files) {
    let schema: unknown;
    try {
      schema = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      throw new Error(`action ${name}: schemas/actions/${file} is not valid JSON (${(e as Error).message})`);
    }
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) throw new Error(`action ${name}: schema is not an object`);
    if (schemas.has(name)) problems.push(`action ${name}: two schemas, schemas/actions/${schemas.get(name)!.file} and schemas/actions/${file}`);
    schemas.set(name, { schema: schema as Record<string, unknown>, area, file });
  }
  return schemas;
}

/**
 * Builds the dispatcher's registry at start-up: every schema `schemas/actions/<area>/X.json` pairs with
 * exactly one handler of the same name exported from `server/actions/<area>/`; each schema declares `x-role`
 * and `x-scope` and `x-answer` (compiled too) and closes its object (`additionalProperties: false`, or
 * `unevaluatedProperties: false` when it composes a shared schema with `allOf`). Any mismatch throws
 * an error naming the action, so the server does not start with a hole in its policy.
 */
export function loadRegistry(dirs: { schemasDir: string; actionsDir: string } = DEFAULT_DIRS, opts: { eager?: boolean } = {}): Promise<Registry> {
  // Built once per process and directory pair: every server in a test run shares it.
  const key = `${dirs.schemasDir}\0${dirs.actionsDir}\0${opts.eager ? 'eager' : 'lazy'}`;
  let loading = cache.get(key);
  if (!loading) {
    loading = buildRegistry(dirs, opts.eager === true);
    cache.set(key, loading);
    loading.catch(() => cache.delete(key));
  }
  return loading;
}
const cache = new Map<string, Promise<Registry>>();

/**
 * An action's validators and its flattened schema are made the first time they are read, not at
 * start-up: compiling all of them with ajv was 40 % of a start's CPU (4–6 s on CI's two cores,
 * about 50 s at load 27), and a process uses few of them. `eager` compiles every one while the
 * registry is built, so a schema that does not compile is a start-up error naming the action;
 * the registry's own test builds the product's registry that way (tests/unit/server/registry.test.ts).
 */
function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

async function buildRegistry(dirs: { schemasDir: string; actionsDir: string }, eager: boolean): Promise<Registry> {
  const ajvFor = ajvPicker();
  const answerFor = answerCompiler();
  const problems: string[] = [];
  const schemas = loadSchemas(dirs.schemasDir, problems);
  const handlers = await loadHandlers(dirs.actionsDir);
  for (const [name, h] of handlers) if (!schemas.has(name)) problems.push(`action ${name}: handler without schema (schemas/actions/${h.area}/${name}.json)`);
  const registry = new Map<string, ActionDef>();
  for (const [name, { schema, area, file }] of schemas) {
    const h = handlers.get(name);
    // Found from its name: the handler of schemas/actions/<area>/X.json lives in server/actions/<area>/.
    if (h && h.area !== area) problems.push(`action ${name}: handler in server/actions/${h.file}, but its schema schemas/actions/${file} puts it in server/actions/${area}/`);
    const role = schema['x-role'] as Role;
    const scope = schema['x-scope'] as Scope;
    if (!h) problems.push(`action ${name}: schema without handler in server/actions/${area}/`);
    if (!ROLES.includes(role)) problems.push(`action ${name}: x-role missing or not one of ${ROLES.join(', ')}`);
    if (!SCOPES.includes(scope)) problems.push(`action ${name}: x-scope missing or not one of ${SCOPES.join(', ')}`);
    if (scope === 'none' && role !== 'user' && role !== 'odin') problems.push(`action ${name}: scope none needs role user or odin`);
    // Composed of a shared schema (`allOf`), an object closes itself with unevaluatedProperties.
    const closed = schema.additionalProperties === false || (Array.isArray(schema.allOf) && schema.unevaluatedProperties === false && schema.additionalProperties === undefined);
    if (schema.type !== 'object' || !closed) problems.push(`action ${name}: data schema must be an object with additionalProperties: false (or allOf with unevaluatedProperties: false)`);
    if (schema.title !== undefined && schema.title !== name) problems.push(`action ${name}: title ${String(schema.title)} differs from the file name`);
    const validate = lazy(() => ajvFor(schema).compile(schema));
    const flat = lazy(() => flatActionSchema(schema));
    const validateAnswer = lazy(() => answerFor(schema['x-answer']));
    if (!('x-answer' in schema)) problems.push(`action ${name}: x-answer missing (the JSON Schema of what the handler returns)`);
    else if (eager) {
      try {
        flat();
        validate();
      } catch (e) {
        problems.push(`action ${name}: schema does not compile: ${(e as Error).message}`);
      }
      try {
        validateAnswer();
      } catch (e) {
        problems.push(`action ${name}: x-answer does not compile: ${(e as Error).message}`);
      }
    }
    if (!h || problems.length) continue;
    const maxBody = typeof schema['x-maxBody'] === 'number' ? schema['x-maxBody'] : /^create_.*AssetCommand$/.test(name) ? ASSET_MAX_BODY : DEFAULT_MAX_BODY;
    registry.set(name, {
      name,
      role,
      scope,
      maxBody: Math.min(maxBody, ASSET_MAX_BODY),
      get validate() {
        return validate();
      },
      get validateAnswer() {
        return validateAnswer();
      },
      handler: h.handler,
      get schema() {
        return flat();
      },
    });
  }
  if (problems.length) throw new Error(`dispatcher registry refused to start:\n  ${problems.join('\n  ')}`);
  return registry;
}
