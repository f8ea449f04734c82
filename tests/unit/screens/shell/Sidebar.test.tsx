import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider } from '../../../../screens/runner/session/session';
import { catalogueOf } from '../../../../screens/runner/fileCatalogue';
import { CatalogueContext } from '../../../../screens/runner/context';
import type { ScreenFile } from '../../../../screens/runner/types';
import { Sidebar } from '../../../../screens/shell/Sidebar';

import { fakeToken } from '../harness';

const userToken = (sub: string, role = 'user') => fakeToken(sub, role, { given_name: 'Rut', family_name: 'Läsare' });

const screenFile = (id: string, access: ScreenFile['access'], category: NonNullable<ScreenFile['nav']>['category'], label: string, order: number): ScreenFile => ({
  id,
  route: `/admin/${id}`,
  title: label,
  access,
  kind: 'view',
  view: 'NotAvailable',
  nav: { category, label, order },
});

/** A temporary catalogue, in no particular order: the sidebar sorts by category and nav.order. */
const catalogue: ScreenFile[] = [
  screenFile('news', 'loggedIn', 'Allmänt', 'Nyheter', 30),
  screenFile('chat', 'loggedIn', 'Allmänt', 'Meddelanden', 25),
  screenFile('start', 'loggedIn', 'Allmänt', 'Start', 10),
  screenFile('ads', 'loggedIn', 'Allmänt', 'Annonser', 20),
  screenFile('users', 'admin', 'Admin', 'Användare', 10),
  screenFile('gdpr', 'admin', 'Admin', 'GDPR', 40),
  screenFile('mails', 'write', 'Inställningar', 'E-postmallar', 10),
  screenFile('generate', 'odin', 'Superuser', 'Generera data', 40),
  screenFile('events', 'loggedIn', 'Superuser', 'Events', 10),
  { id: 'no-nav', route: '/admin/no-nav', title: 'Utan meny', access: 'loggedIn', kind: 'view', view: 'NotAvailable' },
];

function serve(myPermissions: string[], containers = [{ id: 1, name: 'demo', displayName: 'Demoföretaget AB' }]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const { action } = JSON.parse(String(init?.body ?? '{}')) as { action: string };
      const answers: Record<string, unknown> = {
        get_containers: containers,
        get_container: { ...containers[0], positionTypes: [], myPermissions },
        // Two conversations with unread applicant messages, one read.
        get_MessagingChannels: [{ unreadStaff: 2 }, { unreadStaff: 0 }, { unreadStaff: 1 }],
      };
      return new Response(JSON.stringify({ data: answers[action] ?? null }), { status: 200 });
    }),
  );
}

async function renderSidebar(sub: string, role: string, myPermissions: string[], containers?: { id: number; name: string; displayName: string }[]) {
  localStorage.setItem('blankett.token', userToken(sub, role));
  localStorage.setItem('blankett.containerId', '1');
  serve(myPermissions, containers);
  render(
    <MemoryRouter initialEntries={['/admin/start']}>
      <SessionProvider>
        <CatalogueContext.Provider value={catalogueOf(catalogue)}>
          <Sidebar onNavigate={() => undefined} onLogout={() => undefined} />
        </CatalogueContext.Provider>
      </SessionProvider>
    </MemoryRouter>,
  );
  await screen.findByText('Demoföretaget AB');
  return screen.getByRole('navigation', { name: 'Huvudmeny' });
}

const categoryOf = (nav: HTMLElement, name: string) => within(nav).getByRole('heading', { name }).closest('section') as HTMLElement;

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the sidebar', () => {
  it('shows a reader the categories in the spec order, without Superuser, each ordered by nav.order', async () => {
    const nav = await renderSidebar('reader@demo.test', 'user', ['Read']);
    expect(within(nav).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Allmänt', 'Inställningar', 'Admin']);
    expect(within(categoryOf(nav, 'Allmänt')).getAllByRole('link').map((a) => a.childNodes[0]?.textContent)).toEqual(['Start', 'Annonser', 'Meddelanden', 'Nyheter']);
    expect(within(nav).queryByText('Events')).toBeNull();
  });

  it('counts the conversations with unread applicant messages after Meddelanden', async () => {
    const nav = await renderSidebar('reader@demo.test', 'user', ['Read']);
    const link = await within(nav).findByRole('link', { name: 'Meddelanden, 2 olästa konversationer' });
    expect(link.querySelector('.sh-nav-count')?.textContent).toBe('2');
  });

  it('greys the Admin category for a reader, with the warning and no links', async () => {
    const nav = await renderSidebar('reader@demo.test', 'user', ['Read']);
    const admin = categoryOf(nav, 'Admin');
    expect(admin.className).toContain('sh-nav-cat-denied');
    expect(within(admin).getByText('Du har inte behörighet till kategori')).toBeTruthy();
    expect(within(admin).queryAllByRole('link')).toHaveLength(0);
    expect(within(admin).getByText('Användare').getAttribute('aria-disabled')).toBe('true');
    expect(categoryOf(nav, 'Inställningar').className).toContain('sh-nav-cat-denied');
  });

  it('greys Skapa annons for a reader and enables it for a writer', async () => {
    await renderSidebar('reader@demo.test', 'user', ['Read']);
    expect((screen.getByRole('button', { name: /Skapa annons/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('gives a writer Skapa annons as a link to the ad picker and opens Inställningar but not Admin', async () => {
    const nav = await renderSidebar('writer@demo.test', 'user', ['Write']);
    expect(screen.getByRole('link', { name: 'Skapa annons' }).getAttribute('href')).toBe('/admin/positions/new');
    expect(within(categoryOf(nav, 'Inställningar')).getByRole('link', { name: 'E-postmallar' })).toBeTruthy();
    expect(categoryOf(nav, 'Admin').className).toContain('sh-nav-cat-denied');
  });

  it('shows odin the Superuser category last, with every item open', async () => {
    const nav = await renderSidebar('odin@demo.test', 'odin', []);
    expect(within(nav).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Allmänt', 'Inställningar', 'Admin', 'Superuser']);
    const superuser = categoryOf(nav, 'Superuser');
    expect(within(superuser).getAllByRole('link').map((a) => a.textContent)).toEqual(['Events', 'Generera data']);
    expect(within(nav).queryByText('Du har inte behörighet till kategori')).toBeNull();
  });

  it('shows name, company and sub in the footer, and Byt företag only with more than one company', async () => {
    await renderSidebar('reader@demo.test', 'user', ['Read']);
    expect(screen.getByText('Rut Läsare')).toBeTruthy();
    expect(screen.getByText('reader@demo.test')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Byt företag' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Byt lösenord' }).getAttribute('href')).toBe('/admin/change-password');
    expect(screen.getByRole('button', { name: 'Logga ut' })).toBeTruthy();
  });

  it('offers Byt företag to a user of two companies', async () => {
    await renderSidebar('reader@demo.test', 'user', ['Read'], [
      { id: 1, name: 'demo', displayName: 'Demoföretaget AB' },
      { id: 2, name: 'annat', displayName: 'Annat AB' },
    ]);
    expect(screen.getByRole('link', { name: 'Byt företag' }).getAttribute('href')).toBe('/admin/pick-container');
  });
});
