import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider } from '../../../../screens/runner/session/session';
import { ToastProvider } from '../../../../screens/shared/toast';
import { Bell } from '../../../../screens/shell/Bell';
import { GlobalSearch } from '../../../../screens/shell/Search';
import { UserMenu } from '../../../../screens/shell/UserMenu';
import { fakeToken, Where } from '../harness';

/**
 * Issue 27 item 1: the shell's react-aria parts load when first used. Each part's code is held
 * back here (a gate on its module) so the keyboard reaches the lookalike first: what it did
 * must carry over once the code arrives. Each part loads once per file, in its own test.
 */
const gates = vi.hoisted(() => {
  const gate = () => {
    let open = () => {};
    const arrived = new Promise<void>((resolve) => (open = resolve));
    return { arrived, open: () => open() };
  };
  return { bell: gate(), menu: gate(), search: gate() };
});
vi.mock('../../../../screens/shell/BellPopover', async (original) => {
  await gates.bell.arrived;
  return original();
});
vi.mock('../../../../screens/shell/UserMenuAria', async (original) => {
  await gates.menu.arrived;
  return original();
});
vi.mock('../../../../screens/shell/SearchAria', async (original) => {
  await gates.search.arrived;
  return original();
});

const searches: string[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('blankett.token', fakeToken('writer@demo.test', 'user', { given_name: 'Viktor', family_name: 'Skribent' }));
  localStorage.setItem('blankett.containerId', '1');
  searches.length = 0;
  vi.stubGlobal('WebSocket', class {
    send() {}
    close() {}
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { action } = JSON.parse(String(init?.body ?? '{}')) as { action: string };
      if (action === 'get_applicantPositionBySearchQuery') searches.push(String(new URL(url, 'http://x').searchParams.get('filter')));
      const answers: Record<string, unknown> = {
        get_containers: [{ id: 1, name: 'demo', displayName: 'Demoföretaget AB' }],
        get_container: { id: 1, name: 'demo', displayName: 'Demoföretaget AB', positionTypes: [], myPermissions: ['Write'] },
        get_notifications: { items: [], total: 0, page: 1, take: 100 },
        get_applicantPositionBySearchQuery: {
          applicants: [{ id: 41, positionId: 7, positionName: 'Butikssäljare', name: 'Anna Andersson', firstname: 'Anna', lastname: 'Andersson', email: 'anna@example.se', created: 1 }],
          positions: [],
        },
      };
      return new Response(JSON.stringify({ data: answers[action] ?? null }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderInShell(part: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <SessionProvider>
        <ToastProvider>
          {part}
          <Where />
        </ToastProvider>
      </SessionProvider>
    </MemoryRouter>,
  );
}

/** react-aria-components marks what it draws with data-rac; a lookalike is a plain element. */
const isReactAria = (el: Element) => el.hasAttribute('data-rac');

describe('the shell parts on react-aria, first used by keyboard before their code has arrived', () => {
  it('the user menu opens on Enter with its first item focused, and its links navigate', async () => {
    renderInShell(<UserMenu onLogout={() => {}} />);
    const user = userEvent.setup();
    await user.tab();
    const lookalike = screen.getByRole('button', { name: 'Användarmeny för Viktor Skribent' });
    expect(document.activeElement).toBe(lookalike);
    expect(isReactAria(lookalike)).toBe(false);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).toBeNull();

    gates.menu.open();
    const first = await screen.findByRole('menuitem', { name: 'Profilinställningar' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    await user.keyboard('{Escape}');
    const real = screen.getByRole('button', { name: 'Användarmeny för Viktor Skribent' });
    await waitFor(() => expect(document.activeElement).toBe(real));
    expect(isReactAria(real)).toBe(true);
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/profile'));
  });

  it('the bell opens its popover on Space and gives focus back to the bell on Escape', async () => {
    renderInShell(<Bell />);
    const user = userEvent.setup();
    await user.tab();
    const lookalike = await screen.findByRole('button', { name: 'Notifikationer, 0 olästa' });
    expect(document.activeElement).toBe(lookalike);
    expect(isReactAria(lookalike)).toBe(false);
    await user.keyboard(' ');
    expect(screen.queryByRole('dialog')).toBeNull();

    gates.bell.open();
    const dialog = await screen.findByRole('dialog', { name: 'Notifikationer' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await screen.findByText('Inga notifikationer');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const real = screen.getByRole('button', { name: 'Notifikationer, 0 olästa' });
    await waitFor(() => expect(document.activeElement).toBe(real));
    expect(isReactAria(real)).toBe(true);
  });

  it('the search keeps what was typed, the caret and focus, and searches for it', async () => {
    renderInShell(<GlobalSearch />);
    const user = userEvent.setup();
    await user.tab();
    const lookalike = screen.getByRole('combobox', { name: 'Sök' });
    expect(document.activeElement).toBe(lookalike);
    await user.keyboard('Ann');
    expect((lookalike as HTMLInputElement).value).toBe('Ann');
    expect(screen.queryByRole('listbox')).toBeNull();

    gates.search.open();
    const list = await screen.findByRole('listbox');
    await screen.findByRole('option', { name: /Anna Andersson/ });
    const real = screen.getByRole('combobox', { name: 'Sök' }) as HTMLInputElement;
    expect(real).not.toBe(lookalike);
    expect(document.activeElement).toBe(real);
    expect([real.value, real.selectionStart]).toEqual(['Ann', 3]);
    expect(searches).toEqual(['Ann']);
    expect(list.isConnected).toBe(true);
    // Typing goes on in the real field.
    await user.keyboard('a');
    expect(real.value).toBe('Anna');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/positions/7/applicants/41'));
  });
});
