import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import AdminApp from '../../../screens/admin/AdminApp';
import { warmAdminChunks } from './warm';
import { SLOW } from '../../setup/wait';

const token = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub, given_name: 'Vera', family_name: 'Test', role: 'user', exp: Date.now() / 1000 + 3600 })).toString('base64url')}.s`;

/** A fake dispatcher: get_blogPosts answers with the given status and body. */
function serve(blog: { status: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const { action } = JSON.parse(String(init?.body ?? '{}')) as { action: string };
      if (action === 'get_blogPosts') return new Response(JSON.stringify(blog.body), { status: blog.status });
      const table: Record<string, unknown> = {
        get_containers: [{ id: 1, name: 'demo' }],
        get_container: { id: 1, name: 'demo', displayName: 'Demo AB', positionTypes: [], myPermissions: ['Write'] },
        get_notifications: [],
      };
      if (!(action in table)) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Hittades inte' } }), { status: 404 });
      return new Response(JSON.stringify({ data: table[action] }), { status: 200 });
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('blankett.token', token('writer@demo.test'));
});
afterEach(() => vi.unstubAllGlobals());

beforeAll(warmAdminChunks, 60_000);

describe('a news post that does not exist', () => {
  it('shows a not-found page with a heading and a way back, not a retry', async () => {
    serve({ status: 404, body: { error: { code: 'not_found', message: 'Hittades inte' } } });
    render(
      <MemoryRouter initialEntries={['/admin/news/999']}>
        <AdminApp />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Nyheten hittades inte' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Nyheten finns inte.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alla nyheter' }).getAttribute('href')).toBe('/admin/news');
    expect(screen.queryByRole('button', { name: 'Försök igen' })).toBeNull();
  });

  it('still offers a retry when the server fails', async () => {
    serve({ status: 500, body: { error: { code: 'internal', message: 'Något gick fel' } } });
    render(
      <MemoryRouter initialEntries={['/admin/news/5']}>
        <AdminApp />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Försök igen' }, SLOW)).toBeTruthy();
  });
});
