import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import AdminApp from '../../../screens/admin/AdminApp';
import { catalogueOf } from '../../../screens/runner/fileCatalogue';
import { screenFiles } from './screen-files';
import type { ScreenFile } from '../../../screens/runner/types';
import { SLOW } from '../../setup/wait';

const token = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub, given_name: 'Vera', family_name: 'Test', role: 'user', exp: Date.now() / 1000 + 3600 })).toString('base64url')}.s`;
const container = (myPermissions: string[]) => ({ id: 1, name: 'demo', displayName: 'Demo AB', positionTypes: [{ id: 1, name: 'Sommarjobb' }], myPermissions });

type Answer = unknown | ((data: Record<string, unknown>) => unknown);

/** A fake dispatcher: answers by action (a function gets the data); records every call. */
function serve(perms: string[], actions: Record<string, Answer> = {}) {
  const calls: { action: string; data: Record<string, unknown> }[] = [];
  const table: Record<string, Answer> = { get_containers: [{ id: 1, name: 'demo' }], get_container: container(perms), get_notifications: [], ...actions };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const { action, data } = JSON.parse(String(init?.body ?? '{}')) as { action: string; data: Record<string, unknown> };
      calls.push({ action, data });
      const a = table[action];
      if (a === undefined) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Hittades inte' } }), { status: 404 });
      const value = typeof a === 'function' ? (a as (d: Record<string, unknown>) => unknown)(data) : a;
      if (value instanceof Response) return value;
      return new Response(JSON.stringify({ data: value }), { status: 200 });
    }),
  );
  return calls;
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string, catalogue?: readonly ScreenFile[]) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp catalogue={catalogue && catalogueOf(catalogue)} />
      <Where />
    </MemoryRouter>,
  );
}

const reports: ScreenFile = {
  id: 'reports',
  route: '/admin/reports/:id',
  title: 'Rapporter',
  access: 'admin',
  nav: { category: 'Admin', label: 'Rapporter', order: 99 },
  kind: 'view',
  view: 'NotAvailable',
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the screen runner', () => {
  it('gives a new screen file its route, sidebar entry, guard and title with no code', async () => {
    localStorage.setItem('blankett.token', token('admin@demo.test'));
    serve(['Administrator']);
    renderAt('/admin/reports/7', [...screenFiles, reports]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rapporter' }, SLOW)).toBeTruthy();
    expect(document.title).toBe('Rapporter – Blankett');
    const nav = screen.getByRole('navigation', { name: 'Huvudmeny' });
    expect(within(nav).getByRole('link', { name: 'Rapporter' }).getAttribute('href')).toBe('/admin/reports/:id');
  });

  it("shows the one not-found page for a route parameter outside the screen's params, as for a path no route matches", async () => {
    localStorage.setItem('blankett.token', token('admin@demo.test'));
    serve(['Administrator']);
    const numbered: ScreenFile = { ...reports, params: { id: '^[0-9]+$' } };
    const notFound = async () => {
      expect(await screen.findByRole('heading', { level: 1, name: 'Sidan hittades inte' }, SLOW)).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(document.title).toBe('Sidan hittades inte – Blankett');
    };
    renderAt('/admin/reports/sju', [...screenFiles, numbered]);
    await notFound();
    cleanup();
    renderAt('/admin/reports/7', [...screenFiles, numbered]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rapporter' }, SLOW)).toBeTruthy();
    // The product's own: a hand-typed applicant list under the ad builder's /:action/:type, and an
    // unknown action, said once (the builder's head said 'Tjänstetypen hittades inte' beside it).
    for (const path of ['/admin/positions/3/applicants', '/admin/positions/annan/1', '/admin/form-templates/edit/ny']) {
      cleanup();
      renderAt(path);
      await notFound();
      expect(screen.queryByText('Tjänstetypen hittades inte')).toBeNull();
    }
    // A reader, whom the builder itself would turn away, is not told that a page nobody has is closed to them.
    cleanup();
    localStorage.setItem('blankett.token', token('reader@demo.test'));
    serve(['Read']);
    renderAt('/admin/positions/3/applicants');
    await notFound();
    expect(screen.queryByText('Åtkomst nekad')).toBeNull();
  });

  it('sends a writer away from the new admin screen to /access-denied', async () => {
    localStorage.setItem('blankett.token', token('writer@demo.test'));
    serve(['Write']);
    renderAt('/admin/reports/7', [...screenFiles, reports]);
    expect(await screen.findByRole('heading', { name: 'Åtkomst nekad' }, SLOW)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/access-denied');
  });

  it('sends a reader who opens an admin screen to /access-denied', async () => {
    localStorage.setItem('blankett.token', token('reader@demo.test'));
    serve(['Read']);
    renderAt('/admin/form-templates');
    expect(await screen.findByRole('heading', { name: 'Åtkomst nekad' }, SLOW)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/access-denied');
    expect(document.title).toBe('Åtkomst nekad – Blankett');
  });

  it('lets a reader with Write on that one position into a positionWrite screen, and no one else', async () => {
    const edit: ScreenFile = { id: 'thing-edit', route: '/admin/things/:id/edit', title: 'Ändra sak', access: 'positionWrite', kind: 'view', view: 'NotAvailable' };
    localStorage.setItem('blankett.token', token('Reader@Demo.test'));
    const calls = serve(['Read'], {
      get_positionPermissions: (d: Record<string, unknown>) => (d.positionId === 7 ? [{ email: 'reader@demo.test', permissionName: 'Write' }] : [{ email: 'other@demo.test', permissionName: 'Write' }]),
    });
    const first = renderAt('/admin/things/7/edit', [...screenFiles, edit]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ändra sak' }, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.action === 'get_positionPermissions')?.data).toEqual({ positionId: 7 });
    first.unmount();
    renderAt('/admin/things/8/edit', [...screenFiles, edit]);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/access-denied'), SLOW);
  });

  it('shows a candidate screen in the candidate frame without asking anyone to log in', async () => {
    serve([]);
    const mine: ScreenFile = { id: 'cand', route: '/admin/cand', title: 'Mina sidor', access: 'candidate', kind: 'view', view: 'NotAvailable' };
    renderAt('/admin/cand', [...screenFiles, mine]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mina sidor' }, SLOW)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/admin/cand');
    expect(screen.queryByRole('navigation', { name: 'Huvudmeny' })).toBeNull();
  });

  it('sends a stranger from an admin screen to /login', async () => {
    serve([]);
    renderAt('/admin/positions');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'), SLOW);
  });

  it('offers a retry, not a blank page, when the company cannot be loaded', async () => {
    localStorage.setItem('blankett.token', token('writer@demo.test'));
    serve(['Write'], { get_container: new Response('{}', { status: 500 }) });
    renderAt('/admin/positions');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Något gick fel, vänligen försök igen');
    expect(within(alert).getByRole('button', { name: 'Försök igen' })).toBeTruthy();
  });

  it('redirects the spec redirect targets', async () => {
    localStorage.setItem('blankett.token', token('writer@demo.test'));
    serve(['Write'], { get_folders: [] });
    renderAt('/admin/formbuilderedit');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/form-templates'), SLOW);
  });
});
