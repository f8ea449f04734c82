import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fill } from '../../../engine/fill';
import { flattenShared, sharedIndex } from '../../../engine/schema-refs';
import { flatActionSchema, SHARED_SCHEMAS } from '../../../engine/shared-schemas';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { ajvPicker } from '../../../server/dispatcher/ajv';
import { detailsOf } from '../../../server/errors';
import { loadRegistry } from '../../../server/dispatcher/registry';
import { dataSchemaOf } from '../../../screens/runner/actionTypes';
import { actionFiles as listActionFiles, actionSchemaPath } from '../../../server/dispatcher/action-files';

type Json = Record<string, unknown>;
const root = resolve(import.meta.dirname, '../../..');
const read = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Json;
/** `<area>/<action>.json` of every action schema. */
const actionFiles = listActionFiles().map((f) => f.file);
const base = (f: string) => f.slice(f.indexOf('/') + 1);
const FILTER = 'https://blankett.se/schemas/shared/applicant-filter.json';
const m = sv.server.fields;

/** Key order does not make two schemas different. */
const canon = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map(canon).join(',')}]` : v && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon((v as Json)[k])}`).join(',')}}` : JSON.stringify(v);

/** The dispatcher's validator of an action: compiled by the registry from the file as written ($refs and all). */
async function validatorOf(action: string) {
  const def = (await loadRegistry()).get(action);
  if (!def) throw new Error(`no action ${action}`);
  return (data: unknown) => (def.validate(data) ? [] : detailsOf(def.validate.errors));
}

describe('action schemas that $ref a shared schema', () => {
  it('composes the applicant filter in every action that takes it, instead of restating it', () => {
    const composing = actionFiles.filter((f) => canon(read(`schemas/actions/${f}`)).includes(FILTER)).map(base);
    expect(composing).toEqual([
      'create_applicantsExport.json',
      'get_applicantCounts.json',
      'get_applicantIdsByFilter.json',
      'get_applicantNeighbours.json',
      'get_applicantPositionByLabel.json',
      'get_applicantPositionByPosition.json',
    ]);
  });

  it('accepts a filter the shared schema allows and refuses a bad filter value with the same Swedish details as before', async () => {
    const counts = await validatorOf('get_applicantCounts');
    expect(counts({ positionId: 1, labelId: 2, filter: 'anna', answers: [{ key: 'k', value: true }], rated: true, sort: 'name' })).toEqual([]);
    expect(counts({ positionId: 1, labelId: 'två' })).toEqual([{ path: '/labelId', message: fill(m.type, { type: m.types.integer }) }]);
    expect(counts({ positionId: 1, minRating: 9 })).toEqual([{ path: '/minRating', message: m.range }]);
    expect(counts({ positionId: 1, answers: [{ key: 'k', value: true, extra: 1 }] })).toEqual([{ path: '/answers/0/extra', message: m.unknown }]);
    expect(counts({ labelId: 2 })).toEqual([{ path: '/positionId', message: m.missing }]);
  });

  it('still refuses a property neither the action nor the shared schema declares, at its path', async () => {
    const counts = await validatorOf('get_applicantCounts');
    expect(counts({ positionId: 1, isOdin: true })).toEqual([{ path: '/isOdin', message: m.unknown }]);
    const byLabel = await validatorOf('get_applicantPositionByLabel');
    // By label takes only the filter's labelId and text: the rest of the filter is not its to take.
    expect(byLabel({ containerId: 1, labelId: 1, filter: 'anna' })).toEqual([]);
    expect(byLabel({ containerId: 1, sort: 'name' })).toEqual([{ path: '/sort', message: m.unknown }]);
    expect(byLabel({ containerId: 1, filter: 'x'.repeat(101) })).toEqual([{ path: '/filter', message: m.tooLong }]);
  });

  it('refuses a bad theme and a bad position form through their shared schemas', async () => {
    const theme = await validatorOf('update_containerTheme');
    expect(theme({ containerId: 1, theme: { button: { backgroundColor: '#fff' } } })).toEqual([]);
    expect(theme({ containerId: 1, theme: { button: { backgroundColor: 'red' } } })).toEqual([{ path: '/theme/button/backgroundColor', message: m.format }]);
    const update = await validatorOf('update_position');
    expect(update({ id: 1, containerId: 1, name: 'X', start: 0, stop: 1, positionTypeId: 1, metadata: [{ key: 'a' }] })).toEqual([{ path: '/metadata/0/type', message: m.missing }]);
    expect(update({ id: 1, containerId: 1, name: 'X', start: 0, stop: 1, positionTypeId: 1, templateKey: 'k' })).toEqual([{ path: '/templateKey', message: m.unknown }]);
  });

  it('validates every composed action exactly like its flat form', async () => {
    const pick = ajvPicker();
    const samples: unknown[] = [{}, { positionId: 1 }, { positionId: '1', labelId: 0, sort: 'best', after: [] }, { containerId: 1, id: 1, theme: { icon: { x: '#000' } } }, { positionId: 1, answers: 'ja', nope: 1 }];
    for (const f of actionFiles) {
      const schema = read(`schemas/actions/${f}`);
      if (!canon(schema).includes('schemas/shared/')) continue;
      const flat = flatActionSchema(schema);
      expect(canon(flat).includes('schemas/shared/'), f).toBe(false);
      expect(flat.additionalProperties, f).toBe(false);
      const validate = await validatorOf(base(f).replace(/\.json$/, ''));
      const plain = pick(flat).compile(flat);
      for (const d of samples) {
        const asFlat = plain(d) ? [] : detailsOf(plain.errors);
        // ajv checks the allOf before the action's own properties: the same details, maybe in another order.
        expect(canon([...validate(d)].sort((a, b) => canon(a).localeCompare(canon(b)))), `${f} ${JSON.stringify(d)}`).toBe(canon([...asFlat].sort((a, b) => canon(a).localeCompare(canon(b)))));
      }
    }
  });
});

describe('the screen runner', () => {
  it('coerces bound values by the same properties the server validates, shared parts included', () => {
    expect(dataSchemaOf('get_applicantCounts').properties?.labelId).toMatchObject({ type: 'integer' });
    expect(dataSchemaOf('get_applicantPositionByLabel').properties?.labelId).toMatchObject({ type: 'integer' });
    for (const f of actionFiles) {
      const name = base(f).replace(/\.json$/, '');
      expect(dataSchemaOf(name).properties, name).toEqual(flatActionSchema(read(`schemas/actions/${f}`)).properties ?? {});
    }
  });
});

describe('no action schema restates a shared schema', () => {
  const shared = [...SHARED_SCHEMAS.values()];
  /** Every place in the action files where a shared schema, or two or more of its properties, are written out again. */
  function restatements(files: Record<string, Json>): string[] {
    const found: string[] = [];
    const walk = (node: unknown, file: string, path: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, file, `${path}/${i}`));
      if (!node || typeof node !== 'object') return;
      const o = node as Json;
      for (const s of shared) {
        const { $id, $schema: _s, title, ...body } = s;
        if (path && canon(o) === canon(body)) found.push(`${file}${path}: restates ${String(title)} (${String($id)})`);
        const props = (s.properties ?? {}) as Json;
        const own = (o.properties && typeof o.properties === 'object' ? o.properties : {}) as Json;
        const same = Object.keys(own).filter((k) => k in props && canon(own[k]) === canon(props[k]));
        if (same.length >= 2) found.push(`${file}${path}/properties: restates ${same.join(', ')} of ${String(title)}`);
      }
      for (const [k, v] of Object.entries(o)) walk(v, file, `${path}/${k}`);
    };
    for (const [file, json] of Object.entries(files)) walk(json, file, '');
    return found;
  }

  it('finds none in schemas/actions/', () => {
    expect(restatements(Object.fromEntries(actionFiles.map((f) => [`schemas/actions/${f}`, read(`schemas/actions/${f}`)])))).toEqual([]);
  });

  it('catches an action that copies the filter back in, and one that copies the theme', () => {
    const copied = flatActionSchema(read(relative(root, actionSchemaPath('get_applicantCounts'))));
    const theme = flatActionSchema(read(relative(root, actionSchemaPath('update_containerTheme'))));
    expect(restatements({ 'get_applicantCounts.json': copied, 'update_containerTheme.json': theme })).toEqual([
      'get_applicantCounts.json/properties: restates labelId, processLabelId, filter, answers, driverLicenceAndCar, appliedPositionIds, minRating, rated, sort of ApplicantFilter',
      'update_containerTheme.json/properties/theme: restates ThemeInput (https://blankett.se/schemas/shared/theme.json)',
      'update_containerTheme.json/properties/theme/properties: restates button, backgroundColor, textColor, icon of ThemeInput',
    ]);
  });
});

describe('flattenShared', () => {
  const index = sharedIndex([{ $id: 'https://blankett.se/schemas/shared/x.json', title: 'X', type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] }]);

  it('merges an allOf of shared object schemas into the parent and closes it with additionalProperties', () => {
    expect(flattenShared({ type: 'object', allOf: [{ $ref: 'https://blankett.se/schemas/shared/x.json' }], properties: { b: { type: 'string' } }, unevaluatedProperties: false, required: ['b'] }, index)).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: { b: { type: 'string' }, a: { type: 'integer' } },
      required: ['b', 'a'],
    });
  });

  it('inlines a $ref to one property and leaves refs outside schemas/shared/ alone', () => {
    const answer = { $ref: 'https://blankett.se/schemas/answers/theme.json' };
    expect(flattenShared({ properties: { a: { $ref: 'https://blankett.se/schemas/shared/x.json#/properties/a' }, b: answer } }, index)).toEqual({ properties: { a: { type: 'integer' }, b: answer } });
  });

  it('names what is wrong: an unknown shared schema, a pointer to nothing, a property declared twice', () => {
    expect(() => flattenShared({ $ref: 'https://blankett.se/schemas/shared/y.json' }, index)).toThrow(/no schema in schemas\/shared\/ has that \$id/);
    expect(() => flattenShared({ $ref: 'https://blankett.se/schemas/shared/x.json#/properties/z' }, index)).toThrow(/#\/properties\/z finds nothing/);
    expect(() => flattenShared({ allOf: [{ $ref: 'https://blankett.se/schemas/shared/x.json' }], properties: { a: {} } }, index)).toThrow(/property a is both/);
  });
});
