import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider } from '../../../../../screens/runner/session/session';
import { ToastProvider } from '../../../../../screens/shared/toast';
import { ExportMenu } from '../../../../../screens/applicants/export/ExportMenu';
import { fakeToken } from '../../harness';

// Issue 27 item 1: the menu's react-aria code is held back (a gate on its module) so the keyboard reaches the lookalike first.
const gate = vi.hoisted(() => {
  let open = () => {};
  const arrived = new Promise<void>((resolve) => (open = resolve));
  return { arrived, open: () => open() };
});
vi.mock('../../../../../screens/applicants/export/ExportMenuAria', async (original) => {
  await gate.arrived;
  return original();
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('blankett.token', fakeToken('writer@demo.test'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: null }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the list's export menu", () => {
  it('loads when first used: ArrowDown on the lookalike opens the menu with its first item focused once the code arrives', async () => {
    render(
      <MemoryRouter>
        <SessionProvider>
          <ToastProvider>
            <ExportMenu containerId={1} positionId={3} filter={{}} selectedIds={[]} />
          </ToastProvider>
        </SessionProvider>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.tab();
    const lookalike = screen.getByRole('button', { name: 'Exportera' });
    expect(document.activeElement).toBe(lookalike);
    expect(lookalike.hasAttribute('data-rac')).toBe(false);
    await user.keyboard('{ArrowDown}');
    expect(screen.queryByRole('menu')).toBeNull();

    gate.open();
    const csv = await screen.findByRole('menuitem', { name: /^Exportera till Excel \(report\.csv\)/ });
    await waitFor(() => expect(document.activeElement).toBe(csv));
    // Nothing selected: the PDF waits for a selection, as before.
    expect(screen.getByRole('menuitem', { name: /^Exportera valda som PDF/ }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Exportera' })));
  });
});
