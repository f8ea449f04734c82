import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
// @ts-expect-error: a plain-JS ESLint rule without type declarations
import rule from '../../../eslint/no-answer-cast.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const cast = [{ messageId: 'cast' }];

tester.run('no-answer-cast', rule, {
  valid: [
    "const x = await dispatch('get_folders', { containerId: 1 });",
    "const x: Folder[] = await dispatch('get_folders', { containerId: 1 });",
    // A cast of an argument, not of the answer.
    "await dispatch('send_emailToApplicants', { recipients: ids as [number, ...number[]] });",
    // Function.prototype.call is no action call.
    'const y = fn.call(thisArg, 1) as number;',
    'const z = (await res.json()) as { data: unknown };',
  ],
  invalid: [
    { code: "const x = (await dispatch('get_folders', { containerId })) as Folder[];", errors: cast },
    { code: "const p = dispatch('get_positions', { containerId }) as Promise<Row[]>;", errors: cast },
    { code: "const p = (await call('get_positions', { containerId: 1 })) as unknown as Row[];", errors: cast },
    { code: "const v = (await view.call('get_positions', { containerId: 1 })) as Row[];", errors: cast },
    { code: "const r = <Row[]>await dispatch('get_positions', {});", errors: cast },
    { code: "const r = (one ? await dispatch('send_email', a) : await dispatch('send_emailToApplicants', b)) as SendOutcome;", errors: cast },
  ],
});
