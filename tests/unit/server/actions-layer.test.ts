import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's layer rule (issue 16 item 8): a file in server/actions/ registers handlers and
 * calls functions of server/domain/ (or auth/); it does not touch the store itself. Store
 * access is `deps.store.<anything>` or a collection method called on a collection built from
 * `deps.store` (`users(ctx.deps.store).updateOne(…)`), and any import from server/store/ that
 * is not a type. Since session 22 no action file does (every count went to 0): new store access
 * belongs in a server/domain/ function. An exception would be listed here with its count (a count
 * above the real one fails too, so moving code out is recorded).
 */
const STILL_TOUCHING_THE_STORE: Readonly<Record<string, number>> = {};

const COLLECTION_METHODS = new Set(['insertOne', 'insertMany', 'find', 'findOne', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany', 'count', 'columns', 'ensureIndex', 'dropIndex']);
const dir = join(import.meta.dirname, '../../../server/actions');

/** `….deps.store`, or `store` taken out of the deps (`const { store } = ctx.deps`). */
const isStoreExpr = (n: ts.Node): boolean =>
  (ts.isIdentifier(n) && n.text === 'store') || (ts.isPropertyAccessExpression(n) && n.name.text === 'store' && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'deps');

/** Every place in one action file that reaches into the store, as 'line: text'. */
function storeAccess(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const at = (n: ts.Node) => `${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${n.getText(sf).slice(0, 80)}`;
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) && !n.importClause?.isTypeOnly && ts.isStringLiteral(n.moduleSpecifier) && /\/store\//.test(n.moduleSpecifier.text)) out.push(at(n));
    // deps.store.collection(…), deps.store.nextSequence(…): the port itself.
    if (ts.isPropertyAccessExpression(n) && isStoreExpr(n.expression)) out.push(at(n));
    // users(ctx.deps.store).updateOne(…): a collection method on a collection of the store.
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && COLLECTION_METHODS.has(n.expression.name.text)) {
      const target = n.expression.expression;
      if (ts.isCallExpression(target) && target.arguments.some(isStoreExpr)) out.push(at(n));
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe('server/actions vs server/domain', () => {
  // `<area>/<file>.ts`: action files sit in area folders (server/actions/<area>/).
  const files = readdirSync(dir).flatMap((area) => readdirSync(join(dir, area)).filter((f) => f.endsWith('.ts')).map((f) => `${area}/${f}`));
  it('finds the action files', () => expect(files.length).toBeGreaterThan(10));

  it('finds store access the way the rule means it', () => {
    const src = [
      "import { users } from '../auth/users';",
      "import { sequence } from '../store/sequence';",
      "import type { Store } from '../store/port';",
      'const a = await users(ctx.deps.store).updateOne({ id }, { $set: {} });',
      "const b = await ctx.deps.store.collection('x').find({});",
      'const c = await findUserById(ctx.deps.store, 1);',
      'const d = [1, 2].find((x) => x > 1);',
      'const { store } = ctx.deps;',
      'const e = await positions(store).findOne({ id });',
    ].join('\n');
    expect(storeAccess('x.ts', src).map((s) => s.split(':')[0])).toEqual(['2', '4', '5', '9']);
  });

  it('keeps store access in server/domain/: action files only register handlers and call domain functions', () => {
    const found = Object.fromEntries(files.map((f) => [f, storeAccess(f, readFileSync(join(dir, f), 'utf8'))] as const).filter(([, hits]) => hits.length > 0));
    for (const [file, hits] of Object.entries(found)) {
      expect(hits.length, `server/actions/${file} reaches into the store (move it to server/domain/):\n${hits.join('\n')}`).toBeLessThanOrEqual(STILL_TOUCHING_THE_STORE[file] ?? 0);
    }
    for (const [file, allowed] of Object.entries(STILL_TOUCHING_THE_STORE)) {
      expect(found[file]?.length ?? 0, `server/actions/${file}: lower its count in STILL_TOUCHING_THE_STORE`).toBe(allowed);
    }
  });
});
