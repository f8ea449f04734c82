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
    // A callback over something that is no answer, and a `let` that may hold anything later.
    'const ids = rows.map((r) => r as number);',
    "let a = await dispatch('get_folders', {}); a = other; const b = a as Folder[];",
    "const s = await dispatch('get_folders', {}); const list = [...s].map((x) => x.id as number);",
  ],
  invalid: [
    { code: "const x = (await dispatch('get_folders', { containerId })) as Folder[];", errors: cast },
    { code: "const p = dispatch('get_positions', { containerId }) as Promise<Row[]>;", errors: cast },
    { code: "const p = (await call('get_positions', { containerId: 1 })) as unknown as Row[];", errors: cast },
    { code: "const v = (await view.call('get_positions', { containerId: 1 })) as Row[];", errors: cast },
    { code: "const r = <Row[]>await dispatch('get_positions', {});", errors: cast },
    { code: "const r = (one ? await dispatch('send_email', a) : await dispatch('send_emailToApplicants', b)) as SendOutcome;", errors: cast },
    // Inside callbacks over an answer (issue 25 item 6).
    { code: "dispatch('get_applicantPositionBySearchQuery', { containerId: 1 }).then((answer) => show(answer as SearchAnswer));", errors: cast },
    { code: "dispatch('get_folders', {}).then((r) => r as Folder[]);", errors: cast },
    { code: "const rows = (await dispatch('get_positions', { containerId })).map((x) => x as Row);", errors: cast },
    { code: "const folders = await dispatch('get_folders', {}); const names = folders.map(({ name }) => name as string);", errors: cast },
    { code: "const sum = (await call('get_positions', {})).reduce((n, p) => n + (p as Row).views, 0);", errors: cast },
    // Through a variable or a property holding the answer.
    { code: "const c = await dispatch('get_container', { id }); const labels = c.labels as Label[];", errors: cast },
    { code: "const { labels } = await dispatch('get_container', { id }); const l = (labels ?? []) as Label[];", errors: cast },
    // The session's organisation is get_container's answer.
    { code: 'const container = useContainer(); const labels = (container.labels as Label[] | undefined) ?? [];', errors: cast },
    { code: 'const { container } = useSession(); const labels = container?.labels as Label[];', errors: cast },
  ],
});
