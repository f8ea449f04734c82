import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** schemas/actions/ of this checkout. */
const ACTION_SCHEMAS_DIR = resolve(import.meta.dirname, '../../schemas/actions');

export interface ActionFile {
  /** The action's name: the file name without `.json`. */
  name: string;
  /** The area folder the schema sits in (`schemas/actions/<area>/<name>.json`); its handler lives in `server/actions/<area>/`. */
  area: string;
  /** Path relative to the schemas directory, e.g. `applicants/get_applicants.json`. */
  file: string;
  /** Absolute path. */
  path: string;
}

/**
 * Every action schema, `schemas/actions/<area>/<action>.json`, sorted by name. A schema directly
 * in `schemas/actions/` (no area) or deeper than one folder is a mistake the caller reports:
 * it answers those in `misplaced`.
 */
export function actionFiles(dir: string = ACTION_SCHEMAS_DIR): ActionFile[] & { misplaced: string[] } {
  const found: ActionFile[] = [];
  const misplaced: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = join(dir, entry);
    if (!statSync(full).isDirectory()) {
      if (entry.endsWith('.json')) misplaced.push(entry);
      continue;
    }
    for (const f of readdirSync(full).sort()) {
      if (statSync(join(full, f)).isDirectory()) misplaced.push(`${entry}/${f}/`);
      else if (f.endsWith('.json')) found.push({ name: f.slice(0, -'.json'.length), area: entry, file: `${entry}/${f}`, path: join(full, f) });
    }
  }
  found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return Object.assign(found, { misplaced });
}

/** The path of action `name`'s schema, wherever its area is; throws for an unknown action. */
export function actionSchemaPath(name: string, dir: string = ACTION_SCHEMAS_DIR): string {
  const hit = actionFiles(dir).find((f) => f.name === name);
  if (!hit) throw new Error(`no schema for action ${name} in schemas/actions/<area>/`);
  return hit.path;
}
