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

/** The menu as the position page draws it, nobody selected. */
const renderMenu = () =>
  render(
    <MemoryRouter>
      <SessionProvider>
        <ToastProvider>
          <ExportMenu containerId={1} positionId={3} filter={{}} selectedIds={[]} />
        </ToastProvider>
      </SessionProvider>
    </MemoryRouter>,
  );

describe("the list's export menu", () => {
  it('loads when first used: ArrowDown on the lookalike opens the menu with its first item focused once the code arrives', async () => {
    renderMenu();
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

  it('keeps the focus on Exportera while the file is made, and opens nothing meanwhile', async () => {
    gate.open();
    let answer!: (r: Response) => void;
    const exports: string[] = [];
    // The export's ticket is held; the session's own calls are answered at once.
    const held = vi.fn(async (_url: string, init?: RequestInit) => {
      if (!String(init?.body ?? '').includes('create_applicantsExport')) return new Response(JSON.stringify({ data: null }), { status: 200 });
      exports.push(String(init?.body));
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    vi.stubGlobal('fetch', held);
    renderMenu();
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    const csv = await screen.findByRole('menuitem', { name: /^Exportera till Excel/ });
    await waitFor(() => expect(document.activeElement).toBe(csv));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(exports).toHaveLength(1));
    const button = screen.getByRole('button', { name: 'Exportera' });
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(exports).toHaveLength(1);
    // An empty export ends it: the button is usable again, still focused.
    answer(new Response(JSON.stringify({ data: { total: 0, filename: 'report.csv', url: '/x' } }), { status: 200 }));
    await waitFor(() => expect(button.hasAttribute('aria-disabled')).toBe(false));
    expect(document.activeElement).toBe(button);
  });
});
