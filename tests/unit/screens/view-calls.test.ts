import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalogue, loadCatalogue, type CatalogueInput } from '../../../scripts/check-screens';
import { actionsNamedBy, type ReadSource } from '../../../scripts/view-calls';

const root = join(import.meta.dirname, '../../..');
const real = loadCatalogue(root);
const names = new Set(real.actions.keys());

/** Made-up sources by repository-relative path. */
const sources = (files: Record<string, string>): ReadSource => (file) => files[file] ?? null;

/** A made-up view whose button deletes a position through a component it imports. */
const rogue = {
  'screens/rogue/Rogue.view.tsx': `
    import type { ActionAnswer } from '../../schemas/generated/actions';
    import { DeleteButton } from '../shared/buttons';
    import { dispatch } from '../api';
    type P = ActionAnswer['get_containers'];
    export default function Rogue() {
      const load = () => dispatch('get_position', { id: 1 });
      return <DeleteButton onLoad={load} />;
    }`,
  'screens/shared/buttons.tsx': `
    import { dispatch } from '../api';
    export function DeleteButton() {
      return <button onClick={() => void dispatch(confirm('?') ? 'delete_position' : 'copy_position', { id: 1 })}>Ta bort</button>;
    }
    export function Unused() {
      return dispatch('delete_container', { id: 1 });
    }`,
  'screens/api.ts': 'export function dispatch(action, data) { return fetch("/api/dispatcher", { body: JSON.stringify({ action, data }) }); }',
};

function withRogue(uses: unknown[]): CatalogueInput {
  const screen = { id: 'rogue', route: '/admin/rogue', title: 'Skurk', access: 'write', kind: 'view', view: 'Rogue', uses };
  return {
    ...real,
    specRoutes: [],
    views: new Set([...real.views, 'Rogue']),
    viewCalls: new Map([['Rogue', actionsNamedBy('screens/rogue/Rogue.view.tsx', sources(rogue), names)]]),
    screens: [{ file: 'schemas/screens/rogue.json', json: screen }],
  };
}

describe("a view's declared actions (uses)", () => {
  it('finds the actions a view calls itself and through the components it imports, conditional names included', () => {
    expect(actionsNamedBy('screens/rogue/Rogue.view.tsx', sources(rogue), names)).toEqual([
      { action: 'copy_position', file: 'screens/shared/buttons.tsx' },
      { action: 'delete_position', file: 'screens/shared/buttons.tsx' },
      { action: 'get_position', file: 'screens/rogue/Rogue.view.tsx' },
    ]);
  });

  it('counts neither type positions nor exports of an imported module the view never reaches', () => {
    const named = actionsNamedBy('screens/rogue/Rogue.view.tsx', sources(rogue), names).map((n) => n.action);
    expect(named).not.toContain('get_containers');
    expect(named).not.toContain('delete_container');
  });

  it('refuses a view that calls an action its screen file does not declare, naming the file that calls it', () => {
    expect(checkCatalogue(withRogue(['get_position', 'copy_position']))).toEqual([
      'schemas/screens/rogue.json: uses: the view Rogue calls delete_position (named in screens/shared/buttons.tsx) but the screen does not declare it',
    ]);
  });

  it('accepts the view once every action it calls is declared', () => {
    expect(checkCatalogue(withRogue(['copy_position', 'delete_position', 'get_position']))).toEqual([]);
  });

  it('refuses a declared action the code never names, an unknown one and one declared twice', () => {
    expect(checkCatalogue(withRogue(['copy_position', 'delete_position', 'get_position', 'get_position', 'get_nothing', 'get_containers']))).toEqual([
      'schemas/screens/rogue.json: uses[3]: get_position is declared twice',
      'schemas/screens/rogue.json: uses[4]: unknown action get_nothing (no schemas/actions/get_nothing.json)',
      'schemas/screens/rogue.json: uses[4]: get_nothing is declared but the code of the view Rogue never names it',
      'schemas/screens/rogue.json: uses[5]: get_containers is declared but the code of the view Rogue never names it',
    ]);
  });

  it("refuses an action whose x-role is above the screen's access unless the entry says the view calls it only with that right", () => {
    const input = withRogue(['copy_position', 'delete_position', 'get_position', 'delete_container']);
    input.viewCalls = new Map([['Rogue', [...(input.viewCalls?.get('Rogue') ?? []), { action: 'delete_container', file: 'screens/rogue/Rogue.view.tsx' }]]]);
    expect(checkCatalogue(input)).toEqual([
      "schemas/screens/rogue.json: uses[3]: delete_container needs x-role odin (scope container) but the screen's access is write",
    ]);
    const uses = ['copy_position', 'delete_position', 'get_position', { action: 'delete_container', access: 'odin' }];
    expect(checkCatalogue({ ...input, screens: [{ file: 'schemas/screens/rogue.json', json: { ...(input.screens[0]!.json as object), uses } }] })).toEqual([]);
  });

  it('requires every view screen to declare its actions, even none', () => {
    const input = withRogue([]);
    const { uses: _, ...bare } = input.screens[0]!.json as Record<string, unknown>;
    expect(checkCatalogue({ ...input, screens: [{ file: 'schemas/screens/rogue.json', json: bare }] })).toContain("schemas/screens/rogue.json: (root): must have required property 'uses'");
  });

  it('refuses uses on a screen that is not a view, whose calls are declared as load, save and actions', () => {
    const list = { id: 'rows', route: '/admin/rows', title: 'Rader', access: 'write', kind: 'list', load: { action: 'get_containers' }, columns: [{ field: 'name', label: 'Namn' }], uses: ['get_containers'] };
    expect(checkCatalogue({ ...real, specRoutes: [], screens: [{ file: 'schemas/screens/rows.json', json: list }] })).toEqual([
      "schemas/screens/rows.json: uses: only a view declares uses; a list screen's calls are its load, save and actions",
    ]);
  });

  it('compares every view screen of the real catalogue with its code', () => {
    // View screens and the view blocks of pages (issue 16 turns screens into data: the floor is
    // only there to prove the filter finds the views, not to count them).
    type Part = { kind: string; view?: string; blocks?: Part[] };
    const views = real.screens.flatMap((s) => {
      const json = s.json as Part;
      return [json, ...(json.blocks ?? [])].filter((p) => p.kind === 'view').map((p) => ({ file: s.file, view: String(p.view) }));
    });
    expect(views.length).toBeGreaterThanOrEqual(10);
    for (const v of views) expect(real.viewCalls?.has(v.view), v.file).toBe(true);
    expect(real.viewCalls?.get('Skills')?.map((n) => n.action)).toContain('add_skillCommand');
  });
});
