import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalogue, loadCatalogue, routeShape, SPEC_ROUTES, type CatalogueInput } from '../../../scripts/check-screens';

const root = join(import.meta.dirname, '../../..');
const real = loadCatalogue(root);
const isSpecProblem = (p: string) => p.includes('no screen file declares it');

/** The real actions, views and meta-schema with made-up screen files. */
function catalogue(...screens: Record<string, unknown>[]): CatalogueInput {
  return { ...real, specRoutes: [], screens: screens.map((json) => ({ file: `schemas/screens/${String(json.id)}.json`, json })) };
}

const list = {
  id: 'archive-test',
  route: '/admin/archive-test',
  title: 'Arkiv',
  access: 'loggedIn',
  kind: 'list',
  load: { action: 'get_positions', data: { containerId: '{session.containerId}' } },
  columns: [{ field: 'name', label: 'Namn' }],
  rowActions: [{ label: 'Arkivera', action: 'update_PositionArchivedStatus', data: { positionId: '{row.id}', isArchived: true }, access: 'write' }],
};

describe('the screen catalogue', () => {
  it('passes every static check: meta-schema, ids, actions, bindings, access, views, routes', () => {
    expect(checkCatalogue(real).filter((p) => !isSpecProblem(p))).toEqual([]);
  });

  it('has a screen file for every session, admin and candidate route and redirect target of spec document 1 §2', () => {
    expect(checkCatalogue(real).filter(isSpecProblem)).toEqual([]);
  });

  it('has no top-level view: what stays code is one view block inside a page, beside its data blocks (issue 16 item 5)', () => {
    const files = real.screens.map((s) => ({ file: s.file, json: s.json as { kind?: string; blocks?: { kind: string }[] } }));
    expect(files.filter((s) => s.json.kind === 'view').map((s) => s.file)).toEqual([]);
    const viewBlocks = (s: (typeof files)[number]) => (s.json.blocks ?? []).filter((b) => b.kind === 'view').length;
    expect(files.filter((s) => s.json.kind === 'page' && viewBlocks(s) > 1).map((s) => s.file)).toEqual([]);
  });

  it('accepts a sound made-up screen', () => {
    expect(checkCatalogue(catalogue(list))).toEqual([]);
  });

  it('names the file and key of an action that does not exist', () => {
    const bad = { ...list, load: { action: 'get_nothing', data: {} } };
    expect(checkCatalogue(catalogue(bad))).toEqual(['schemas/screens/archive-test.json: load.action: unknown action get_nothing (no schemas/actions/get_nothing.json)']);
  });

  it('names the file and key of a binding or value the action refuses', () => {
    const bad = { ...list, rowActions: [{ ...list.rowActions[0], data: { positionId: '{row.id}', isArchived: 'ja', colour: '{row.colour}' } }] };
    const problems = checkCatalogue(catalogue(bad));
    expect(problems).toContainEqual(expect.stringMatching(/^schemas\/screens\/archive-test\.json: rowActions\[0\]\.data\.isArchived: update_PositionArchivedStatus refuses it/));
    expect(problems).toContainEqual(expect.stringMatching(/^schemas\/screens\/archive-test\.json: rowActions\[0\]\.data\.colour: update_PositionArchivedStatus refuses it/));
  });

  it('refuses a selection bound where the action wants one id', () => {
    const bad = { ...list, select: true, bulkActions: [{ label: 'Arkivera', action: 'update_PositionArchivedStatus', data: { positionId: '{selection.ids}', isArchived: true }, access: 'write' }] };
    expect(checkCatalogue(catalogue(bad))).toContainEqual(expect.stringMatching(/archive-test\.json: bulkActions\[0\]\.data\.positionId: .*refuses it/));
  });

  it('names the file and key of a view that has no component', () => {
    const bad = { id: 'ghost', route: '/admin/ghost', title: 'Spöke', access: 'loggedIn', kind: 'view', view: 'NoSuchView', uses: [] };
    expect(checkCatalogue(catalogue(bad))).toEqual(['schemas/screens/ghost.json: view: no NoSuchView.view.tsx under screens/']);
  });

  it('names the file and key of a route declared twice, aliases and parameter names included', () => {
    const a = { ...list, route: '/admin/things/:id' };
    const b = { id: 'twin', route: '/admin/twin', aliases: ['/admin/things/:thingId'], title: 'Tvilling', access: 'loggedIn', kind: 'view', view: 'NotAvailable', uses: [] };
    expect(checkCatalogue(catalogue(a, b))).toEqual(['schemas/screens/twin.json: aliases[0]: /admin/things/:thingId is declared twice (also schemas/screens/archive-test.json route)']);
  });

  it('says when an id differs from the file name', () => {
    const input = catalogue(list);
    input.screens[0]!.file = 'schemas/screens/archive.json';
    expect(checkCatalogue(input)).toEqual(["schemas/screens/archive.json: id: 'archive-test' differs from the file name 'archive'"]);
  });

  it("says when a screen's access is below its action's role", () => {
    const bad = { ...list, rowActions: [{ ...list.rowActions[0], access: undefined }] };
    expect(checkCatalogue(catalogue(JSON.parse(JSON.stringify(bad))))).toEqual([
      'schemas/screens/archive-test.json: rowActions[0].action: update_PositionArchivedStatus needs x-role write (scope position) but the screen\'s access is loggedIn',
    ]);
  });

  it('says when a binding names a route parameter the route lacks', () => {
    const bad = { ...list, rowActions: [{ label: 'Öppna', to: '/admin/positions/{route.id}' }] };
    expect(checkCatalogue(catalogue(bad))).toEqual(['schemas/screens/archive-test.json: rowActions[0].to: {route.id}: the route /admin/archive-test has no :id']);
  });

  it("says when a screen's params name a parameter the route lacks or a pattern that is no regular expression", () => {
    const bad = { ...list, route: '/admin/archive-test/:id', params: { id: '^[0-9+$', kind: '^a$' } };
    expect(checkCatalogue(catalogue(bad))).toEqual([
      'schemas/screens/archive-test.json: params.id: \'^[0-9+$\' is not a regular expression',
      'schemas/screens/archive-test.json: params.kind: the route /admin/archive-test/:id has no :kind',
    ]);
  });

  it('refuses a file the meta-schema does not allow, naming the key', () => {
    const bad = { ...list, colour: 'blå' };
    expect(checkCatalogue(catalogue(bad))).toEqual(['schemas/screens/archive-test.json: (root): must NOT have additional properties (colour)']);
  });

  it('names a route the admin app would never get (the public site owns every other path)', () => {
    const bad = { id: 'stray', route: '/reports', aliases: ['/admin/reports'], title: 'Rapporter', access: 'loggedIn', kind: 'view', view: 'NotAvailable', uses: [] };
    expect(checkCatalogue(catalogue(bad))).toEqual(['schemas/screens/stray.json: route: /reports is not under a path of ADMIN_PREFIXES (screens/adminPaths.ts), so the public site would get it']);
  });

  it('compares routes by shape, whatever the parameters are called', () => {
    expect(routeShape('/forgot/:email?')).toBe('/forgot/:?');
    expect(routeShape('/admin/users/:id')).toBe(routeShape('/admin/users/:userId'));
    expect(new Set(SPEC_ROUTES.map(routeShape)).size).toBe(SPEC_ROUTES.length);
  });

  it("checks a page's blocks like screens: their calls, their bindings and a view block's uses against its code", () => {
    const page = {
      id: 'page-test',
      route: '/admin/page-test/:id',
      title: 'Sida',
      access: 'read',
      kind: 'page',
      blocks: [
        { kind: 'text', text: 'Hej' },
        { kind: 'record', id: 'pos', load: { action: 'get_position', data: { id: '{route.id}' } }, sections: [{ fields: [{ field: 'name', label: 'Namn' }] }] },
        { kind: 'view', view: 'PositionBoard', uses: ['get_nothing'] },
        { kind: 'actions', actions: [{ label: 'Arkivera', action: 'update_PositionArchivedStatus', data: { positionId: '{route.positionId}', isArchived: true } }] },
      ],
    };
    const problems = checkCatalogue(catalogue(page));
    expect(problems).toContainEqual('schemas/screens/page-test.json: blocks[2].uses[0]: unknown action get_nothing (no schemas/actions/get_nothing.json)');
    expect(problems).toContainEqual(expect.stringMatching(/page-test\.json: blocks\[2\]\.uses: the view PositionBoard calls \w+ .* but the screen does not declare it/));
    expect(problems).toContainEqual(expect.stringMatching(/page-test\.json: blocks\[3\]\.actions\[0\]\.action: update_PositionArchivedStatus needs x-role write/));
    expect(problems).toContainEqual('schemas/screens/page-test.json: blocks[3].actions[0].data.positionId: {route.positionId}: the route /admin/page-test/:id has no :positionId');
    expect(problems.some((p) => p.includes('blocks[1]'))).toBe(false);
  });

  it("checks an action's verbs: a file bound without upload, a dialog field that does not exist, a value the action refuses", () => {
    const page = {
      id: 'verbs-test',
      route: '/admin/verbs-test/:id',
      title: 'Verb',
      access: 'admin',
      kind: 'page',
      blocks: [
        {
          kind: 'actions',
          actions: [
            { label: 'Importera', action: 'import_formTemplateSchema', data: { containerId: '{session.containerId}', name: 'x', file: '{file.text}' } },
            {
              label: 'Lägg till',
              action: 'create_positionPermission',
              data: { positionId: '{route.id}', email: '{form.mail}', permissionId: '{form.permissionId}' },
              dialog: { title: 'Ny', schema: { type: 'object', properties: { email: { type: 'string' }, permissionId: { type: 'string' } } } },
            },
            { label: 'Ladda ner', action: 'create_userExport', data: { containerId: '{session.containerId}', email: '{form.email}' }, dialog: { title: 'Vem', schema: { type: 'object', properties: { email: { type: 'string' } } } }, download: { content: '/pdf', name: 'a.pdf', encoding: 'base64' }, confirmTyped: '{form.email}' },
          ],
        },
      ],
    };
    const problems = checkCatalogue(catalogue(page));
    expect(problems).toContainEqual('schemas/screens/verbs-test.json: blocks[0].actions[0]: binds {file.x} but has no upload');
    expect(problems).toContainEqual('schemas/screens/verbs-test.json: blocks[0].actions[1]: binds {form.mail} but the dialog has no field mail');
    expect(problems.some((p) => p.includes('actions[2]'))).toBe(false);
    expect(problems).toHaveLength(2);
  });
});
