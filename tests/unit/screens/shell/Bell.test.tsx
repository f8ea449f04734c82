import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider } from '../../../../screens/runner/session/session';
import { ToastProvider } from '../../../../screens/shared/toast';
import { Bell } from '../../../../screens/shell/Bell';
import type { AppNotification } from '../../../../screens/shell/notifications';
import { fakeToken } from '../harness';
import { SLOW } from '../../../setup/wait';

const token = fakeToken('writer@demo.test', 'user', { given_name: 'Viktor', family_name: 'Skribent' });
const now = Math.floor(Date.now() / 1000);

/** A WebSocket the test drives: it opens when told, records what the client sends, and can be cut. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  cut() {
    this.readyState = 3;
    this.onclose?.();
  }
}

let stored: AppNotification[] = [];
const listCalls = () => calls.filter((c) => c === 'get_notifications').length;
let calls: string[] = [];
/** While set, the notification list is not answered until the test opens it (a state is asserted, not a time waited). */
let listGate: Promise<void> | null = null;

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const { action } = JSON.parse(String(init?.body ?? '{}')) as { action: string };
      calls.push(action);
      if (action === 'get_notifications' && listGate) await listGate;
      const answers: Record<string, unknown> = {
        get_containers: [{ id: 1, name: 'demo', displayName: 'Demoföretaget AB' }],
        get_container: { id: 1, name: 'demo', displayName: 'Demoföretaget AB', positionTypes: [], myPermissions: ['Write'] },
        get_notifications: { items: stored, total: stored.length, page: 1, take: 100 },
      };
      return new Response(JSON.stringify({ data: answers[action] ?? null }), { status: 200 });
    }),
  );
}

const note = (id: number, message: string, extra: Partial<AppNotification> = {}): AppNotification => ({
  id,
  containerId: 1,
  type: 'create_jobApplication',
  title: 'Ny ansökan',
  message,
  timestamp: now - id,
  read: false,
  data: { positionId: 3, id: 100 + id },
  ...extra,
});

function renderBell() {
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <SessionProvider>
        <ToastProvider>
          <Bell />
        </ToastProvider>
      </SessionProvider>
    </MemoryRouter>,
  );
}

const bellNamed = (n: number) => screen.findByRole('button', { name: `Notifikationer, ${n} olästa` }, SLOW);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('blankett.token', token);
  localStorage.setItem('blankett.containerId', '1');
  FakeSocket.all = [];
  stored = [];
  calls = [];
  listGate = null;
  vi.stubGlobal('WebSocket', FakeSocket);
  serve();
});
afterEach(() => vi.unstubAllGlobals());

describe('the notification bell', () => {
  it("says 'Laddar...' while loading, then 'Inga notifikationer'", async () => {
    let answer = () => {};
    listGate = new Promise<void>((r) => (answer = r));
    renderBell();
    await waitFor(() => expect(listCalls()).toBe(1));
    const user = userEvent.setup();
    await user.click(await bellNamed(0));
    expect(await screen.findByText('Laddar...', undefined, SLOW)).toBeTruthy();
    answer();
    expect(await screen.findByText('Inga notifikationer', undefined, SLOW)).toBeTruthy();
  }, 60_000);

  it("lists the container's notifications: message cut at 71 characters, time HH:mm today, 'länk saknas' without a target", async () => {
    const long = 'Anna Andersson har sökt Sommarjobbare till vår butik i Stockholm med omnejd i sommar';
    stored = [note(1, long), note(2, 'Utan länk', { type: 'other', data: null, read: true })];
    renderBell();
    await userEvent.setup().click(await bellNamed(1));
    const list = await screen.findByRole('list', { name: 'Notifikationer' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByText(`${long.slice(0, 71).trimEnd()}…`)).toBeTruthy();
    expect(within(first).getByText(/^\d{2}:\d{2}$/)).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Ny ansökan' }).getAttribute('href')).toBe('/admin/notifications/1');
    expect(within(second).getByText('länk saknas')).toBeTruthy();
  });

  it('joins its container over the hub and counts a live notification without asking the server again', async () => {
    stored = [note(1, 'Första')];
    renderBell();
    await bellNamed(1);
    const ws = FakeSocket.all[0]!;
    expect(ws.url).toMatch(/\/notifications\?access_token=/);
    ws.open();
    expect(ws.sent).toEqual([{ type: 'Join', containerId: 1 }]);
    ws.push({ type: 'Joined', containerId: 1 });
    const before = listCalls();
    const fresh = note(5, 'Bertil Berg har sökt Lagerarbetare');
    ws.push({ ...fresh, type: 'Notification', notificationType: fresh.type, notification: fresh });
    await bellNamed(2);
    expect(listCalls()).toBe(before);
  });

  it('reconnects after the connection is cut and catches up on what arrived meanwhile', async () => {
    stored = [note(1, 'Första')];
    renderBell();
    await bellNamed(1);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.push({ type: 'Joined', containerId: 1 });
    FakeSocket.all[0]!.cut();
    stored = [note(7, 'Kom under avbrottet'), note(1, 'Första')];
    await waitFor(() => expect(FakeSocket.all.length).toBe(2), SLOW);
    const again = FakeSocket.all[1]!;
    again.open();
    expect(again.sent).toEqual([{ type: 'Join', containerId: 1 }]);
    again.push({ type: 'Joined', containerId: 1 });
    await bellNamed(2);
    await userEvent.setup().click(screen.getByRole('button', { name: /^Notifikationer/ }));
    expect(await screen.findByText('Kom under avbrottet')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an Exception event from the hub as an error notification', async () => {
    renderBell();
    await waitFor(() => expect(FakeSocket.all.length).toBe(1));
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.push({ type: 'Exception', message: 'Du har inte behörighet till organisationen' });
    await userEvent.setup().click(await bellNamed(1));
    const item = within(await screen.findByRole('list', { name: 'Notifikationer' })).getByRole('listitem');
    expect(item.className).toContain('sh-note-error');
    expect(within(item).getByText('Fel')).toBeTruthy();
    expect(within(item).getByText('Du har inte behörighet till organisationen')).toBeTruthy();
  });
});
