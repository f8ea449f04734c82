import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider } from '../../../screens/runner/session/session';
import { GlobalSearch } from '../../../screens/shell/Search';
import { fakeToken, Where } from '../screens/harness';

const token = fakeToken('reader@demo.test', 'user', { given_name: 'Rut', family_name: 'Läsare' });

const hits = {
  applicants: [
    { id: 41, positionId: 7, positionName: 'Butikssäljare', name: 'Anna Andersson', firstname: 'Anna', lastname: 'Andersson', email: 'anna@example.se', created: 1 },
    { id: 42, positionId: 8, positionName: 'Lagerarbetare', name: 'Annika Berg', firstname: 'Annika', lastname: 'Berg', email: 'annika@example.se', created: 2 },
  ],
  positions: [{ id: 9, name: 'Annonsansvarig', start: 1, stop: 2, status: 'Öppen', totalApplicants: 0, totalUnProcessed: 0 }],
};

function serve() {
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { action, data } = JSON.parse(String(init?.body ?? '{}')) as { action: string; data: { containerId?: number } };
      if (action === 'get_applicantPositionBySearchQuery') {
        searches.push(`${new URL(url, 'http://x').searchParams.get('filter')}@${data.containerId}`);
        return new Response(JSON.stringify({ data: hits }), { status: 200 });
      }
      const answers: Record<string, unknown> = {
        get_containers: [{ id: 1, name: 'demo', displayName: 'Demoföretaget AB' }],
        get_container: { id: 1, name: 'demo', displayName: 'Demoföretaget AB', positionTypes: [], myPermissions: ['Read'] },
      };
      return new Response(JSON.stringify({ data: answers[action] ?? null }), { status: 200 });
    }),
  );
  return searches;
}

async function renderSearch() {
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <SessionProvider>
        <GlobalSearch />
        <Where />
      </SessionProvider>
    </MemoryRouter>,
  );
  // The session resolves the container before the search may ask anything.
  await waitFor(() => expect((fetch as unknown as { mock: { calls: unknown[] } }).mock.calls.length).toBeGreaterThanOrEqual(2));
  return screen.getByRole('combobox', { name: 'Sök' });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('blankett.token', token);
});
afterEach(() => vi.unstubAllGlobals());

describe('the global search', () => {
  it('is a combobox named Sök with the placeholder Sök...', async () => {
    serve();
    const box = await renderSearch();
    expect(box.getAttribute('placeholder')).toBe('Sök...');
  });

  it('asks nothing below 3 characters and asks once, with ?filter=, after typing the third', async () => {
    const searches = serve();
    const box = await renderSearch();
    const user = userEvent.setup();
    await user.type(box, 'An');
    await new Promise((r) => setTimeout(r, 400));
    expect(searches).toEqual([]);
    await user.type(box, 'n');
    await screen.findByRole('listbox');
    await waitFor(() => expect(searches).toEqual(['Ann@1']));
  });

  it('lists applicants and positions in two groups', async () => {
    serve();
    const box = await renderSearch();
    await userEvent.setup().type(box, 'Ann');
    const list = await screen.findByRole('listbox');
    await within(list).findByRole('option', { name: /Anna Andersson/ });
    const groups = within(list).getAllByRole('group');
    expect(groups).toHaveLength(2);
    expect(within(groups[0] as HTMLElement).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Anna AnderssonButikssäljare · anna@example.se',
      'Annika BergLagerarbetare · annika@example.se',
    ]);
    expect(within(groups[1] as HTMLElement).getByRole('option', { name: /Annonsansvarig/ })).toBeTruthy();
  });

  it('moves through the hits with the arrow keys and opens the active one with Enter', async () => {
    serve();
    const box = await renderSearch();
    const user = userEvent.setup();
    await user.type(box, 'Ann');
    await screen.findByRole('option', { name: /Anna Andersson/ });
    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: /Anna Andersson/ });
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const position = screen.getByRole('option', { name: /Annonsansvarig/ });
    expect(box.getAttribute('aria-activedescendant')).toBe(position.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/positions/9'));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('opens the first hit, an applicant page, with Enter when no hit is active', async () => {
    serve();
    const box = await renderSearch();
    const user = userEvent.setup();
    await user.type(box, 'Ann');
    await screen.findByRole('option', { name: /Anna Andersson/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/positions/7/applicants/41'));
  });

  it('closes the list with Escape, clears the text with a second Escape, and stays on the page', async () => {
    serve();
    const box = await renderSearch();
    const user = userEvent.setup();
    await user.type(box, 'Ann');
    await screen.findByRole('option', { name: /Anna Andersson/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(box.getAttribute('aria-expanded')).not.toBe('true');
    expect((box as HTMLInputElement).value).toBe('Ann');
    await user.keyboard('{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('where').textContent).toBe('/admin');
  });
});
