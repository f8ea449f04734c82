// How this repository's tools read a module's imports from its text, without a parser: the
// import-circle rule (no-import-cycle.js, its whole graph read once per lint run) and the test
// of what a server start loads (tests/unit/server/startup-imports.test.ts). One reading, so the
// two cannot disagree on what an import is.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const STATEMENT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Whether every name of an import clause is `type X` (TypeScript erases the import). */
function allTypes(clause) {
  const braces = /^\{([^}]*)\}$/.exec(clause.trim());
  return braces !== null && braces[1].split(',').map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith('type '));
}

/**
 * Each import and re-export of a module's source: its specifier, whether only types come
 * through it (`import type`, `{ type A, type B }`: erased when compiled) and whether it is a
 * dynamic `import('…')` of a literal path.
 * @param {string} source
 * @returns {{ spec: string; typeOnly: boolean; dynamic: boolean }[]}
 */
export function importsOf(source) {
  const out = [];
  for (const m of source.matchAll(STATEMENT)) {
    if (m[6] !== undefined) out.push({ spec: m[6], typeOnly: false, dynamic: true });
    else if (m[5] !== undefined) out.push({ spec: m[5], typeOnly: false, dynamic: false });
    else out.push({ spec: m[4], typeOnly: Boolean(m[2]) || allTypes(m[3]), dynamic: false });
  }
  return out;
}

/**
 * The .ts or .tsx file a relative specifier names from the file `from` (with or without its
 * extension, a folder's index.ts, or `.js` written for `.ts`), or null.
 * @param {string} from
 * @param {string} spec
 * @returns {string | null}
 */
export function fileOf(from, spec) {
  const t = resolve(dirname(from), spec);
  for (const c of [t, `${t}.ts`, `${t}.tsx`, join(t, 'index.ts'), t.replace(/\.js$/, '.ts')]) {
    if (/\.tsx?$/.test(c) && existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}
