import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sv from '../../../../schemas/messages/sv.json';
import { fill } from '../../../../engine/fill';
import { CONTAINER_KEY } from '../../../../screens/api';
import { fakeToken, renderAdminAt as at, serveActions, signIn } from '../harness';
import { SLOW } from '../../../setup/wait';

const t = sv.interviews.feed;
const LINK = 'https://blankett.test/api/calendar/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG.ics';

afterEach(() => vi.unstubAllGlobals());

describe('Kalenderlänk: a staff member\'s calendar subscription (issue 30 item 1)', () => {
  it('makes a link with names chosen, shows and copies it once, turns names off and removes it, by keyboard', async () => {
    signIn(fakeToken('writer@demo.test'));
    localStorage.setItem(CONTAINER_KEY, '1');
    const none = { active: false, showNames: false, url: null, created: null };
    const calls = serveActions({
      get_myCalendarFeed: () => none,
      renew_myCalendarFeed: (d) => ({ active: true, showNames: d.showNames === true, url: LINK, created: 1_800_000_000 }),
      update_myCalendarFeed: (d) => ({ active: true, showNames: d.showNames, url: null, created: 1_800_000_000 }),
      delete_myCalendarFeed: () => none,
    });
    // user-event puts a clipboard of its own on the navigator.
    const user = userEvent.setup();
    at('/admin/account/calendar');
    await screen.findByText(t.none, {}, SLOW);
    screen.getByText(t.privacy);

    // Before a link exists the switch is only a choice: it goes with 'Skapa länk'.
    const names = screen.getByRole('switch', { name: t.names });
    names.focus();
    await user.keyboard(' ');
    expect(names).toHaveProperty('checked', true);
    expect(calls.some((c) => c.action === 'update_myCalendarFeed')).toBe(false);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: t.create }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.find((c) => c.action === 'renew_myCalendarFeed')?.data).toEqual({ showNames: true }));
    const link = await screen.findByRole('textbox', { name: t.urlLabel });
    expect(link).toHaveProperty('value', LINK);
    await waitFor(() => expect(document.activeElement).toBe(link));
    screen.getByText(t.showOnce);
    await user.click(screen.getByRole('button', { name: t.copy }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    await screen.findByText(t.copied);

    // Names off: the link stays on screen (the server never answers it again).
    await user.click(screen.getByRole('switch', { name: t.names }));
    await waitFor(() => expect(calls.find((c) => c.action === 'update_myCalendarFeed')?.data).toEqual({ showNames: false }));
    await screen.findByText(t.namesOff);
    expect(screen.getByRole('textbox', { name: t.urlLabel })).toHaveProperty('value', LINK);
    screen.getByRole('button', { name: t.renew });
    screen.getByText(t.renewHint);

    await user.click(screen.getByRole('button', { name: t.remove }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.remove }));
    await screen.findByText(t.removed);
    expect(calls.filter((c) => c.action === 'delete_myCalendarFeed')).toHaveLength(1);
    screen.getByText(t.none);
    expect(screen.queryByRole('textbox', { name: t.urlLabel })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: t.create })));
  }, 60_000);

  it('says when loading failed and tries again; a link made earlier is not shown again, only since when', async () => {
    signIn(fakeToken('writer@demo.test'));
    localStorage.setItem(CONTAINER_KEY, '1');
    let fail = true;
    serveActions({ get_myCalendarFeed: () => (fail ? new Error('nere') : { active: true, showNames: true, url: null, created: Date.UTC(2026, 10, 2, 12) / 1000 }) });
    const user = userEvent.setup();
    at('/admin/account/calendar');
    const alert = await screen.findByRole('alert', {}, SLOW);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: sv.screens.retry }));
    await screen.findByText(fill(t.since, { date: '2026-11-02' }), {}, SLOW);
    expect(screen.getByRole('switch', { name: t.names })).toHaveProperty('checked', true);
    expect(screen.queryByRole('textbox', { name: t.urlLabel })).toBeNull();
  }, 60_000);
});
