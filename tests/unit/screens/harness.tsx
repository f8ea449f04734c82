import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import AdminApp from '../../../screens/admin/AdminApp';
import { catalogueOf } from '../../../screens/runner/fileCatalogue';
import type { ScreenFile } from '../../../screens/runner/types';
import { json, refusal } from '../fetch';

/**
 * The admin app in jsdom against a made-up dispatcher: what the screen tests share (a token
 * the shell reads, the shell's own calls answered, the path shown), so each test file says
 * only what its screens do.
 */
export type Handler = (data: Record<string, unknown>) => unknown;
export interface Call {
  action: string;
  data: Record<string, unknown>;
}

/** A token the shell can read (it never checks the signature; the made-up server does not either). */
export function fakeToken(sub: string, role = 'user', names: { given_name: string; family_name: string } = { given_name: 'A', family_name: 'B' }): string {
  return `h.${Buffer.from(JSON.stringify({ sub, ...names, role, exp: Date.now() / 1000 + 3600 })).toString('base64url')}.s`;
}

/** Signs the next render in with `token`, forgetting whatever an earlier test stored. */
export function signIn(token: string): void {
  localStorage.clear();
  localStorage.setItem('blankett.token', token);
}

/**
 * Answers the app's dispatcher calls from `actions`, over the shell's own (the container list,
 * the container with `permissions`, no notifications); returns every call made, in order. A
 * handler may answer a Response (sent as it is) or an Error (500). With `missing: 'not_found'`
 * (the default) an action without a handler, or a handler answering undefined, gets 404
 * 'Hittades inte'; with 'internal' an action without a handler gets 500.
 */
export function serveActions(actions: Record<string, Handler>, opts: { permissions?: string[]; missing?: 'not_found' | 'internal' } = {}): Call[] {
  const calls: Call[] = [];
  const table: Record<string, Handler> = {
    get_containers: () => [{ id: 1, name: 'demo' }],
    get_container: () => ({ id: 1, name: 'demo', positionTypes: [], myPermissions: opts.permissions ?? ['Write'] }),
    get_notifications: () => [],
    ...actions,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const { action, data } = JSON.parse(String(init?.body ?? '{}')) as Call;
      calls.push({ action, data });
      const handler = table[action];
      // A handler may answer later (a promise): the page waits for it as for a slow server.
      const value: unknown = await handler?.(data);
      if (value instanceof Response) return value;
      if (value instanceof Error || (!handler && opts.missing === 'internal')) return refusal(500, 'internal', 'Något gick fel');
      if (value === undefined && opts.missing !== 'internal') return refusal(404, 'not_found', 'Hittades inte');
      return json(200, { data: value });
    }),
  );
  return calls;
}

/** Handlers that answer each action with a fixed value (serveActions' table from plain answers). */
export function answering(values: Record<string, unknown>): Record<string, Handler> {
  return Object.fromEntries(Object.entries(values).map(([action, value]) => [action, () => value]));
}

/** The router's current path, for tests that check where a screen went. */
export function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

let navigateTo: ((path: string) => void) | undefined;

/** Goes to `path` inside the app renderAdminAt drew, as a link or the header's search would (no new page load). */
export function goTo(path: string): void {
  act(() => navigateTo!(path));
}

function Go() {
  const navigate = useNavigate();
  navigateTo = (path) => void navigate(path);
  return null;
}

/** The admin app at `path` (with `catalogue` instead of the screen files when given), and where it is. */
export function renderAdminAt(path: string, catalogue?: readonly ScreenFile[]) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp catalogue={catalogue && catalogueOf(catalogue)} />
      <Where />
      <Go />
    </MemoryRouter>,
  );
}
