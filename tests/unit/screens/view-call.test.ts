import { join } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkCatalogue, loadCatalogue } from '../../../scripts/check-screens';
import { viewCall } from '../../../screens/runner/viewCall';

const root = join(import.meta.dirname, '../../..');

/**
 * Type-checks one made-up view file placed among the real sources (so its imports resolve to
 * the real runner and generated types) and answers its errors as 'line: code'.
 */
function typeErrors(source: string): string[] {
  const file = join(root, 'screens/candidate/__TypedCallFixture.ts');
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.readFile = (f) => (f === file ? source : read(f));
  host.fileExists = (f) => f === file || exists(f);
  const program = ts.createProgram([file], { ...config.options, noEmit: true }, host);
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${line}: TS${d.code}`;
  });
}

describe("a view's typed call (issue 16 item 6)", () => {
  it('fails the type check when a view calls an action its screen file does not declare', () => {
    const errors = typeErrors(
      [
        "import { viewCall } from '../runner/viewCall';",
        "const call = viewCall('StaffChat');",
        "export const declared = () => call('get_channelMessages', { channelId: 1 });",
        "export const undeclared = () => call('delete_container', { id: 1 });",
        "export const wrongData = () => call('get_channelMessages', { id: 1 });",
      ].join('\n'),
    );
    // Line 4: delete_container is not in StaffChat's uses; line 5: the data is not the action's.
    expect(errors).toEqual(['4: TS2345', '5: TS2353']);
  }, 60_000);

  afterEach(() => vi.unstubAllGlobals());

  it('refuses an undeclared action at run time too, before anything is sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const call = viewCall('StaffChat');
    const name: string = 'delete_container';
    await expect(call(name as 'get_channelMessages', { channelId: 1 })).rejects.toThrow(/StaffChat calls delete_container/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses a view that asks for another view's call (and so its uses)", () => {
    const real = loadCatalogue(root);
    expect(checkCatalogue({ ...real, viewCallers: new Map([['StaffChat', ['StaffChat']]]) })).toEqual([]);
    expect(checkCatalogue({ ...real, viewCallers: new Map([['StaffChat', ['AdBuilder']]]) })).toEqual([
      "screens/candidate/StaffChat.view.tsx: viewCall('AdBuilder'): a view's call is typed by its own uses; ask for 'StaffChat'",
    ]);
  });
});
