import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DIRS, loadRegistry } from '../../../server/dispatcher/registry';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const ok = (extra: Record<string, unknown> = {}) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  'x-role': 'read',
  'x-scope': 'container',
  'x-answer': { type: 'integer' },
  type: 'object',
  additionalProperties: false,
  properties: { containerId: { type: 'integer', minimum: 1 } },
  required: ['containerId'],
  ...extra,
});

/** Puts a name without an area folder into the area 'things'; '/x' (leading slash) stays at the top. */
const inArea = (name: string) => (name.startsWith('/') ? name.slice(1) : name.includes('/') ? name : `things/${name}`);

/** A throwaway schemas/ + actions/ pair (`<area>/<name>`); handlers are plain .mjs modules. */
function fixture(schemas: Record<string, unknown>, handlers: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'blankett-registry-'));
  dirs.push(root);
  const schemasDir = join(root, 'schemas');
  const actionsDir = join(root, 'actions');
  const write = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  mkdirSync(schemasDir);
  mkdirSync(actionsDir);
  for (const [name, s] of Object.entries(schemas)) write(join(schemasDir, `${inArea(name)}.json`), JSON.stringify(s));
  for (const [file, src] of Object.entries(handlers)) write(join(actionsDir, inArea(file)), src);
  return { schemasDir, actionsDir };
}

describe('the dispatcher registry', () => {
  it('pairs each schema with its handler and compiles the schema', async () => {
    const reg = await loadRegistry(fixture({ get_thing: ok() }, { 'things.mjs': 'export const actions = { get_thing: async () => 1 };' }));
    const def = reg.get('get_thing')!;
    expect(def).toMatchObject({ role: 'read', scope: 'container', maxBody: 1024 * 1024 });
    expect(def.validate({ containerId: 1 })).toBe(true);
    expect(def.validate({ containerId: 1, role: 'odin' })).toBe(false);
  });

  it('refuses to start when a handler has no schema, naming the action', async () => {
    await expect(loadRegistry(fixture({}, { 'a.mjs': 'export const actions = { stray_action: async () => 1 };' }))).rejects.toThrow(/stray_action: handler without schema/);
  });

  it('finds the handler from the action name: it must sit in the area folder of its schema', async () => {
    const reg = await loadRegistry(fixture({ 'people/get_person': ok() }, { 'people/people.mjs': 'export const actions = { get_person: async () => 1 };' }));
    expect(reg.get('get_person')).toBeDefined();
    await expect(loadRegistry(fixture({ 'people/get_person': ok() }, { 'places/places.mjs': 'export const actions = { get_person: async () => 1 };' }))).rejects.toThrow(
      /get_person: handler in server\/actions\/places\/places.mjs, but its schema schemas\/actions\/people\/get_person.json puts it in server\/actions\/people\//,
    );
  });

  it('refuses a schema or a handler file outside an area folder', async () => {
    await expect(loadRegistry(fixture({ '/get_thing': ok() }, { 'things.mjs': 'export const actions = { get_thing: async () => 1 };' }))).rejects.toThrow(/get_thing.json: an action schema sits in an area folder/);
    await expect(loadRegistry(fixture({ get_thing: ok() }, { '/things.mjs': 'export const actions = { get_thing: async () => 1 };' }))).rejects.toThrow(/things.mjs must sit in an area folder/);
  });

  it('refuses to start when a schema has no handler', async () => {
    await expect(loadRegistry(fixture({ lonely: ok() }, {}))).rejects.toThrow(/lonely: schema without handler/);
  });

  it('refuses a schema without x-role or x-scope', async () => {
    const s = ok();
    delete (s as Record<string, unknown>)['x-role'];
    await expect(loadRegistry(fixture({ a: s }, { 'a.mjs': 'export const actions = { a: async () => 1 };' }))).rejects.toThrow(/a: x-role missing/);
  });

  it('refuses an action file without x-answer, naming the action', async () => {
    const s = ok();
    delete (s as Record<string, unknown>)['x-answer'];
    await expect(loadRegistry(fixture({ a: s }, { 'a.mjs': 'export const actions = { a: async () => 1 };' }))).rejects.toThrow(/action a: x-answer missing/);
  });

  it('refuses an x-answer that is not a valid schema, naming the action', async () => {
    await expect(
      loadRegistry(fixture({ a: ok({ 'x-answer': { type: 'integer', minimum: 'one' } }) }, { 'a.mjs': 'export const actions = { a: async () => 1 };' }), { eager: true }),
    ).rejects.toThrow(/action a: x-answer does not compile/);
  });

  it('compiles x-answer so an answer can be checked against it', async () => {
    const def = (await loadRegistry(fixture({ get_thing: ok() }, { 'things.mjs': 'export const actions = { get_thing: async () => 1 };' }))).get('get_thing')!;
    expect(def.validateAnswer(1)).toBe(true);
    expect(def.validateAnswer({ id: 1 })).toBe(false);
  });

  it('refuses a schema that leaves additional properties open', async () => {
    await expect(
      loadRegistry(fixture({ a: ok({ additionalProperties: true }) }, { 'a.mjs': 'export const actions = { a: async () => 1 };' })),
    ).rejects.toThrow(/a: data schema must be an object with additionalProperties: false/);
  });

  it('takes a schema composed of a shared one (allOf + unevaluatedProperties: false) and gives readers its flat form', async () => {
    const { additionalProperties: _closed, ...open } = ok();
    const composed = { ...open, allOf: [{ $ref: 'https://blankett.se/schemas/shared/applicant-filter.json' }], unevaluatedProperties: false };
    const def = (await loadRegistry(fixture({ get_thing: composed }, { 'things.mjs': 'export const actions = { get_thing: async () => 1 };' }))).get('get_thing')!;
    expect(def.validate({ containerId: 1, labelId: 2, sort: 'name' })).toBe(true);
    expect(def.validate({ containerId: 1, role: 'odin' })).toBe(false);
    expect(def.schema).toMatchObject({ additionalProperties: false, properties: { containerId: {}, labelId: { type: 'integer' }, sort: {} } });
    expect(def.schema).not.toHaveProperty('allOf');
  });

  it('refuses a composed schema that leaves unevaluated properties open, and a $ref to a shared schema that does not exist', async () => {
    const { additionalProperties: _closed, ...open } = ok();
    await expect(
      loadRegistry(fixture({ a: { ...open, allOf: [{ $ref: 'https://blankett.se/schemas/shared/applicant-filter.json' }] } }, { 'a.mjs': 'export const actions = { a: async () => 1 };' })),
    ).rejects.toThrow(/a: data schema must be an object with additionalProperties: false/);
    await expect(
      loadRegistry(fixture({ b: ok({ properties: { containerId: { $ref: 'https://blankett.se/schemas/shared/nothing.json' } } }) }, { 'b.mjs': 'export const actions = { b: async () => 1 };' }), { eager: true }),
    ).rejects.toThrow(/b: schema does not compile/);
  });

  it('refuses a schema with an unknown keyword (ajv strict mode)', async () => {
    await expect(
      loadRegistry(fixture({ a: ok({ 'x-whatever': 1 }) }, { 'a.mjs': 'export const actions = { a: async () => 1 };' }), { eager: true }),
    ).rejects.toThrow(/a: schema does not compile/);
  });

  it('refuses an action defined in two modules', async () => {
    await expect(
      loadRegistry(fixture({ a: ok() }, { 'one.mjs': 'export const actions = { a: async () => 1 };', 'two.mjs': 'export const actions = { a: async () => 2 };' })),
    ).rejects.toThrow(/action a is defined twice/);
  });

  it('gives asset upload actions the larger body limit', async () => {
    const reg = await loadRegistry(fixture({ create_fooAssetCommand: ok() }, { 'a.mjs': 'export const actions = { create_fooAssetCommand: async () => 1 };' }));
    expect(reg.get('create_fooAssetCommand')!.maxBody).toBe(8 * 1024 * 1024);
  });

  it('compiles a schema the first time it is used, so a start compiles none; eager compiles all and names the broken one', async () => {
    const dirs = fixture({ a: ok({ 'x-whatever': 1 }) }, { 'a.mjs': 'export const actions = { a: async () => 1 };' });
    const def = (await loadRegistry(dirs)).get('a')!;
    expect(() => def.validate({})).toThrow(/x-whatever/);
    await expect(loadRegistry(dirs, { eager: true })).rejects.toThrow(/a: schema does not compile/);
  });

  it("loads the real catalogue of the project, every action's schema and answer compiling", async () => {
    const reg = await loadRegistry(DEFAULT_DIRS, { eager: true });
    expect(reg.get('get_containers')).toMatchObject({ role: 'user', scope: 'none' });
    expect(reg.get('delete_container')).toMatchObject({ role: 'odin', scope: 'container' });
    // Compiling every action's validators costs about 6 s of CPU; it took 21.7 s beside the browsers on CI's two cores.
  }, 90_000);
});
