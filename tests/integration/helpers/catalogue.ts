import { readFileSync } from 'node:fs';
import { flatActionSchema } from '../../../engine/shared-schemas';
import { actionFiles } from '../../../server/dispatcher/action-files';
import type { Role, Scope } from '../../../server/domain/accounts/access';

export interface CatalogueAction {
  name: string;
  role: Role;
  scope: Scope;
  schema: Record<string, any>;
}

/** Every action schema (shared parts inlined), read when the test file is collected: new actions join the suites by themselves. */
export function catalogue(): CatalogueAction[] {
  return actionFiles().map((f) => {
    // Flat: the shared parts it `$ref`s (schemas/shared/) are properties like its own.
    const schema: CatalogueAction['schema'] = flatActionSchema(JSON.parse(readFileSync(f.path, 'utf8')));
    return { name: f.name, role: schema['x-role'], scope: schema['x-scope'], schema };
  });
}

const RANK: Record<string, number> = { read: 1, write: 2, admin: 3 };

/** Whether a level (read/write/admin) satisfies an action's x-role; odin-only is never satisfied by a level. */
export function satisfies(level: 'read' | 'write' | 'admin', role: Role): boolean {
  if (role === 'odin') return false;
  return RANK[level]! >= RANK[role === 'user' ? 'read' : role]!;
}
