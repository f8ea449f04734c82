import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
// @ts-expect-error: a plain-JS ESLint rule without type declarations
import rule from '../../../eslint/no-handler-data-type.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const restated = [{ messageId: 'restated' }];

tester.run('no-handler-data-type', rule, {
  valid: [
    'export const actions: ActionTable = { get_skills: (ctx, data) => list(ctx.deps, data.containerId) };',
    'export const actions: ActionTable = { async get_position(ctx, data) { return load(data.id); } };',
    // A helper outside the table may say what it takes.
    'async function filterOf(ctx: ActionContext, data: PositionQuery) { return data; }',
    // An object that is no action table.
    'const handlers: Record<string, Fn> = { a: (ctx: Ctx, data: { id: number }) => data.id };',
  ],
  invalid: [
    { code: 'export const actions: ActionTable = { delete_skill: (ctx, data: { containerId: number; id: number }) => del(data.id) };', errors: restated },
    { code: 'export const actions: ActionTable = { async get_gdprPerson(ctx, data: { containerId: number; query: string }) { return data; } };', errors: restated },
    { code: 'export const actions: ActionTable = { async get_x(ctx: ActionContext, data) { return data; } };', errors: restated },
  ],
});
