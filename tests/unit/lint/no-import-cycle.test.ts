import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain-JS ESLint rule without type declarations
import rule, { importGraph, pathBetween } from '../../../eslint/no-import-cycle.js';

const root = mkdtempSync(join(tmpdir(), 'blankett-cycle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes a throwaway server/ tree and lints it with only the cycle rule on. */
async function lint(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(root, 't-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { b: { rules: { 'no-import-cycle': rule } } }, rules: { 'b/no-import-cycle': ['error', { root: 'server' }] } }],
  });
  const results = await eslint.lintFiles(['server/**/*.ts']);
  return results.flatMap((r) => r.messages.map((m) => m.message));
}

describe('no-import-cycle', () => {
  it('reports a planted circle, type-only imports included, naming the path', async () => {
    const messages = await lint({
      'server/a/one.ts': "import type { B } from '../b/two';\nexport type A = B;\n",
      'server/b/two.ts': "import { a } from '../c/three';\nexport type B = number;\nexport const b = a;\n",
      'server/c/three.ts': "import type { A } from '../a/one';\nexport const a: A = 1;\n",
    });
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/Import circle: server\/a\/one\.ts → server\/b\/two\.ts → server\/c\/three\.ts → server\/a\/one\.ts/);
  });

  it('lets a tree without circle pass', async () => {
    expect(await lint({ 'server/a/one.ts': "import { b } from '../b/two';\nexport const a = b;\n", 'server/b/two.ts': 'export const b = 1;\n' })).toEqual([]);
  });

  it('finds no circle in the real server/', () => {
    const server = resolve(import.meta.dirname, '../../../server');
    const graph: Map<string, Set<string>> = importGraph(server);
    expect(graph.size).toBeGreaterThan(100);
    const circles = [...graph].flatMap(([file, to]) => [...to].map((t) => pathBetween(graph, t, file)).filter((p) => p !== null).map((p) => [file, ...p].join(' → ')));
    expect(circles).toEqual([]);
  });
});
