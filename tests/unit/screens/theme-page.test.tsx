import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAdminAt, serveActions, signIn } from './harness';
import { SLOW } from '../../setup/wait';


beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe('the theme page (issue 16 item 5: a page, its reset an actions block)', () => {
  it('resets the theme only after the confirmation and loads the colour fields again from the server', async () => {
    let button = '#111111';
    const calls = serveActions(
      {
        get_containerTheme: () => ({ button: { backgroundColor: button } }),
        reset_containerTheme: () => {
          button = '#2522BA';
          return { button: { backgroundColor: button } };
        },
      },
      { permissions: ['Administrator'] },
    );
    renderAdminAt('/admin/container/theme');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tema' }, SLOW)).toBeTruthy();
    expect(screen.getByText(/^Färgerna används på företagets publika sida/)).toBeTruthy();
    const field = await screen.findByLabelText('Knappens bakgrund', { exact: true }, SLOW);
    expect((field as HTMLInputElement).value).toBe('#111111');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Återställ standardtemat' }));
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    expect(dialog.textContent).toContain('Alla färger går tillbaka till standardtemat.');
    expect(calls.some((c) => c.action === 'reset_containerTheme')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Återställ standardtemat' }));
    await waitFor(() => expect(calls.find((c) => c.action === 'reset_containerTheme')?.data).toEqual({ containerId: 1 }), SLOW);
    await waitFor(() => expect((screen.getByLabelText('Knappens bakgrund', { exact: true }) as HTMLInputElement).value).toBe('#2522BA'), SLOW);
    expect(calls.filter((c) => c.action === 'get_containerTheme')).toHaveLength(2);
  }, 30_000);
});
