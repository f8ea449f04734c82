import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { SessionProvider, useSession } from '../../../../../screens/runner/session/session';
import { fakeToken, signIn } from '../../harness';

/**
 * How the admin session finds its organisation at a page load (screens/runner/session/session.tsx):
 * the one chosen last time is asked for beside the list of the user's organisations, so a page
 * waits one round trip, not two, before it loads its own data; if the list no longer holds it
 * (another user signed in on this browser, a membership ended) its answer is dropped.
 */
interface Pending {
  action: string;
  data: { id?: number };
  answer(status: number, body: unknown): void;
}

let pending: Pending[] = [];

function Shows() {
  const s = useSession();
  return <p>{`${s.status}:${s.container?.displayName ?? '-'}`}</p>;
}

const containers = [{ id: 1, name: 'demo', displayName: 'Demoföretaget AB' }];
const container = (id: number, displayName: string) => ({ id, name: `c${id}`, displayName, positionTypes: [], myPermissions: ['Write'] });

beforeEach(() => {
  pending = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          const { action, data } = JSON.parse(String(init?.body ?? '{}')) as { action: string; data: { id?: number } };
          pending.push({ action, data, answer: (status, body) => resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) });
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const request = (action: string, id?: number) => pending.find((p) => p.action === action && (id === undefined || p.data.id === id));

/** A writer's page load with organisation `containerId` remembered from last time. */
function loadSession(containerId: number) {
  signIn(fakeToken('writer@demo.test'));
  localStorage.setItem('blankett.containerId', String(containerId));
  render(
    <SessionProvider>
      <Shows />
    </SessionProvider>,
  );
}

describe('the admin session at a page load', () => {
  it('asks for the organisation chosen last time beside the list, before the list answers', async () => {
    loadSession(1);
    await waitFor(() => expect(pending.map((p) => p.action).sort()).toEqual(['get_container', 'get_containers']));
    request('get_container', 1)!.answer(200, { data: container(1, 'Demoföretaget AB') });
    request('get_containers')!.answer(200, { data: containers });
    expect(await screen.findByText('ready:Demoföretaget AB')).toBeTruthy();
    // Nothing asked twice.
    expect(pending).toHaveLength(2);
  });

  it('drops the early answer when the list no longer holds that organisation, and loads the one it holds', async () => {
    loadSession(9);
    await waitFor(() => expect(request('get_container', 9)).toBeDefined());
    request('get_container', 9)!.answer(403, { error: { code: 'forbidden', message: 'Du har inte behörighet' } });
    request('get_containers')!.answer(200, { data: containers });
    await waitFor(() => expect(request('get_container', 1)).toBeDefined());
    request('get_container', 1)!.answer(200, { data: container(1, 'Demoföretaget AB') });
    expect(await screen.findByText('ready:Demoföretaget AB')).toBeTruthy();
    // Still signed in, and the organisation now remembered is the one loaded.
    expect(localStorage.getItem('blankett.token')).not.toBeNull();
    expect(localStorage.getItem('blankett.containerId')).toBe('1');
  });

  it('asks only for the list when no organisation was chosen before', async () => {
    signIn(fakeToken('writer@demo.test'));
    render(
      <SessionProvider>
        <Shows />
      </SessionProvider>,
    );
    await waitFor(() => expect(request('get_containers')).toBeDefined());
    expect(pending).toHaveLength(1);
    request('get_containers')!.answer(200, { data: containers });
    await waitFor(() => expect(request('get_container', 1)).toBeDefined());
    request('get_container', 1)!.answer(200, { data: container(1, 'Demoföretaget AB') });
    expect(await screen.findByText('ready:Demoföretaget AB')).toBeTruthy();
  });
});
