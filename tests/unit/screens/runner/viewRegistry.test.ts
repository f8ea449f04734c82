import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenFiles } from '../screen-files';
import { viewComponent } from '../../../../screens/runner/views';
import { viewRegistry } from '../../../../screens/runner/viewRegistry';

const root = join(import.meta.dirname, '../../../..');

/** Every view a screen file names: in a page's blocks, as a form block's alternative or its link's way on, or as the screen's own view. */
const namedViews = [
  ...new Set(
    screenFiles
      .flatMap((s) => [s.kind === 'view' ? s.view : undefined, ...(s.blocks ?? []).flatMap((b) => [b.kind === 'view' ? b.view : undefined, b.alternative?.view, b.followUp?.view, b.link?.view, b.companion?.view])])
      .filter((v): v is string => !!v),
  ),
];

describe('the view registry: view blocks beside their parts, found by glob', () => {
  it('names a view by its file, wherever in its area the file lies', () => {
    const reg = viewRegistry({ '../applicants/PositionPage.view.tsx': 1, '../account/deep/Login.view.tsx': 2 });
    expect([...reg]).toEqual([
      ['PositionPage', 1],
      ['Login', 2],
    ]);
  });

  it('refuses two view files of one name (a screen file could not tell them apart)', () => {
    expect(() => viewRegistry({ '../org/Skills.view.tsx': 1, '../skills/Skills.view.tsx': 2 })).toThrow(/two views named Skills: \.\.\/org\/Skills\.view\.tsx and \.\.\/skills\/Skills\.view\.tsx/);
  });

  it('finds every view a screen file names, each a lazily loaded component', () => {
    // 24 hand-written view blocks when issue 25 was written; the six account forms are declared now.
    expect(namedViews.length).toBeGreaterThan(15);
    for (const name of namedViews) expect(viewComponent(name), name).not.toBeNull();
    expect(viewComponent('NoSuchView')).toBeNull();
  });

  it('keeps no folder of views by kind: screens/views/ is gone', () => {
    expect(readdirSync(join(root, 'screens'))).not.toContain('views');
  });
});
