import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's own lint config on a made-up screen file. */
async function problems(code: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath: 'screens/made-up/Save.tsx' });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the lint rule that keeps a busy button focusable', () => {
  it('refuses disabled={busy} on a button in screens/, alone or in a condition', async () => {
    for (const attr of ['disabled={busy}', 'disabled={saving || !text}', 'disabled={!name || sending}']) {
      expect(await problems(`export const S = ({ busy, saving, sending, text, name }: Record<string, boolean>) => <button type="button" ${attr}>Spara</button>;`)).toEqual([
        expect.stringContaining('use BusyButton (screens/shared/BusyButton.tsx)'),
      ]);
    }
  }, 60_000);

  it('lets BusyButton, a condition that is no call, and an input pass', async () => {
    const code = `import { BusyButton } from '../shared/BusyButton';
export const S = ({ busy, text }: { busy: boolean; text: string }) => (
  <>
    <BusyButton busy={busy} disabled={!text}>Spara</BusyButton>
    <button type="button" disabled={!text}>Rensa</button>
    <input type="file" disabled={busy} />
  </>
);`;
    expect(await problems(code)).toEqual([]);
  }, 60_000);
});
