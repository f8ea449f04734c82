/** How a view file is named and found (the runner's glob and scripts/check-screens.ts read it alike). */

/** A view file's name: `screens/<area>/…/<View>.view.tsx`. */
const VIEW_FILE = /(?:^|\/)([A-Za-z]\w*)\.view\.tsx$/;

/**
 * The view components by name from the files a glob found: `…/PositionPage.view.tsx` is the
 * view 'PositionPage'. Two files of one name are a mistake a screen file could not tell apart.
 */
export function viewRegistry<T>(files: Record<string, T>): Map<string, T> {
  const out = new Map<string, T>();
  const where = new Map<string, string>();
  for (const [path, load] of Object.entries(files)) {
    const name = VIEW_FILE.exec(path)?.[1];
    if (!name) throw new Error(`${path} is not named <View>.view.tsx`);
    const other = where.get(name);
    if (other) throw new Error(`two views named ${name}: ${other} and ${path}`);
    where.set(name, path);
    out.set(name, load);
  }
  return out;
}
