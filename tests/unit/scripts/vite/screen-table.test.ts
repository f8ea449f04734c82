import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeEntryModule } from '../../../../scripts/vite/screen-table';
import { routeEntryOf } from '../../../../screens/runner/routeTable';
import type { ScreenFile } from '../../../../screens/runner/types';

const dir = join(import.meta.dirname, '../../../../schemas/screens');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ path: join(dir, f), code: readFileSync(join(dir, f), 'utf8') }));
const entryOf = (path: string, code: string) => JSON.parse(routeEntryModule(`${path}?route`, code)!.replace(/^export default /, '').replace(/;$/, '')) as Record<string, unknown>;

describe("the admin app's route table, derived from the screen files", () => {
  it("keeps of a screen what routes, guards, titles and the sidebar read, and its blocks' kinds and views, never their content", () => {
    const { path, code } = files.find((f) => f.path.endsWith('/position.json'))!;
    const whole = JSON.parse(code) as ScreenFile;
    expect(entryOf(path, code)).toEqual({
      id: 'position',
      route: whole.route,
      title: whole.title,
      access: whole.access,
      kind: 'page',
      blocks: whole.blocks!.filter((b) => ['view', 'form', 'list', 'record'].includes(b.kind)).map((b) => (b.view ? { kind: b.kind, view: b.view } : { kind: b.kind })),
    });
  });

  it("carries each form's choice of form, so the light form's or RJSF's code loads at once", () => {
    const entry = (name: string) => {
      const { path, code } = files.find((f) => f.path.endsWith(`/${name}.json`))!;
      return entryOf(path, code) as { light?: boolean; blocks?: { kind: string; light?: boolean }[] };
    };
    expect(entry('change-password').light).toBe(true);
    expect(entry('container-profile').light).toBe(false); // rich text, images
    expect(entry('login').blocks?.filter((b) => b.kind === 'form').map((b) => b.light)).toEqual([true]);
    expect(entry('user-edit').blocks?.filter((b) => b.kind === 'form').map((b) => b.light)).toEqual([true, true]);
    expect(entry('container-login').blocks?.filter((b) => b.kind === 'form').map((b) => b.light)).toEqual([true, true]);
    expect(entry('positions').light).toBeUndefined(); // no form
  });

  it('restates nothing: every entry is the file’s own fields, and only a ?route import is cut', () => {
    for (const { path, code } of files) {
      const whole = JSON.parse(code) as Record<string, unknown>;
      const entry = entryOf(path, code);
      expect(entry).toEqual(routeEntryOf(whole as ScreenFile));
      for (const key of ['id', 'route', 'aliases', 'title', 'access', 'layout', 'nav', 'kind', 'view', 'to']) expect(entry[key], `${path}: ${key}`).toEqual(whole[key]);
    }
    expect(routeEntryModule(files[0]!.path, files[0]!.code)).toBeNull();
    expect(routeEntryModule('/a/schemas/actions/positions/get_positions.json?route', '{}')).toBeNull();
  });
});
