import { describe, expect, it } from 'vitest';
import { canOpen } from '../../../screens/runner/access';
import { fillData, fillText, pointer } from '../../../screens/runner/bindings';
import { resolveRefs } from '../../../screens/runner/refs';

const ctx = {
  route: { id: '7' },
  session: { containerId: 1, email: 'vera@demo.test' },
  row: { id: 3, name: 'Bagare & konditor', info: { email: 'a@b.se' } },
  form: { name: 'Ny', tags: ['a'] },
  selection: { ids: [1, 2] },
  query: { archived: 'true' },
};
const schema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    ids: { type: 'array', items: { type: 'integer' } },
    archived: { type: 'boolean' },
    note: { type: 'string' },
    containerId: { type: 'integer' },
  },
};

describe('screen bindings', () => {
  it('fills whole-string bindings with typed values coerced to the action schema', () => {
    expect(fillData({ id: '{route.id}', ids: '{selection.ids}', archived: '{query.archived}', containerId: '{session.containerId}', form: '{form}' }, ctx, schema)).toEqual({
      id: 7,
      ids: [1, 2],
      archived: true,
      containerId: 1,
      form: { name: 'Ny', tags: ['a'] },
    });
  });

  it('fills mixed strings as text and leaves out keys whose binding has no value', () => {
    expect(fillData({ note: 'Rad {row.id}: {row.name}', missing: '{row.nothing}', mail: '{row.info.email}' }, ctx, schema)).toEqual({ note: 'Rad 3: Bagare & konditor', mail: 'a@b.se' });
  });

  it('turns a number into text where the schema wants a string, and leaves what it cannot coerce', () => {
    expect(fillData({ note: '{row.id}', id: '{form.name}' }, ctx, schema)).toEqual({ note: '3', id: 'Ny' });
  });

  it('fills the first alternative that is not empty, so an applicant without a name is called by their address', () => {
    const applicant = (name: string) => ({ data: { info: { name }, email: 'alva@exempel.se' } });
    expect(fillText('Ta bort {data.info.name|data.email}?', applicant('Alva Berg'))).toBe('Ta bort Alva Berg?');
    expect(fillText('Ta bort {data.info.name|data.email}?', applicant(''))).toBe('Ta bort alva@exempel.se?');
    expect(fillText('{data.nothing|data.none}', applicant(''))).toBe('');
  });

  it('encodes bound values in links', () => {
    expect(fillText('/admin/x/{row.name}', ctx, true)).toBe('/admin/x/Bagare%20%26%20konditor');
  });

  it('reads JSON pointers into answers', () => {
    expect(pointer({ page: { items: [1] } }, '/page/items')).toEqual([1]);
    expect(pointer([1], '')).toEqual([1]);
  });

  it('inlines entity $refs and drops $id, $schema and x- keys', () => {
    const entities = new Map<string, unknown>([
      ['a.json', { $id: 'https://x/a.json', type: 'object', properties: { b: { $ref: 'b.json' } } }],
      ['b.json', { type: 'string', 'x-pii': true }],
    ]);
    expect(resolveRefs({ $ref: 'entities/a.json', title: 'A' }, entities)).toEqual({ type: 'object', properties: { b: { type: 'string' } }, title: 'A' });
    expect(() => resolveRefs({ $ref: 'entities/none.json' }, entities)).toThrow('no schemas/entities/none.json');
  });
});

describe('canOpen', () => {
  const reader = { odin: false, admin: false, write: false };
  it('follows public < loggedIn < read < write < admin < odin, odin passing all', () => {
    expect(canOpen('public', null)).toBe(true);
    expect(canOpen('loggedIn', null)).toBe(false);
    expect(canOpen('read', reader)).toBe(true);
    expect(canOpen('write', reader)).toBe(false);
    expect(canOpen('admin', { ...reader, write: true })).toBe(false);
    expect(canOpen('odin', { odin: false, admin: true, write: true })).toBe(false);
    expect(canOpen('odin', { odin: true, admin: false, write: false })).toBe(true);
  });

  it('accepts a per-position right for positionWrite and positionAdmin', () => {
    expect(canOpen('positionWrite', reader)).toBe(false);
    expect(canOpen('positionWrite', reader, ['Write'])).toBe(true);
    expect(canOpen('positionAdmin', reader, ['Write'])).toBe(false);
    expect(canOpen('positionAdmin', reader, ['Administrator'])).toBe(true);
    expect(canOpen('positionWrite', { ...reader, write: true })).toBe(true);
  });
});
