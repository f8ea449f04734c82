import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAdminAt, serveActions, signIn } from './harness';
import { SLOW } from '../../setup/wait';

/** The position, board and profile screens as pages (issue 16 item 5): the parts that were code and are now blocks. */

const position = (over: Record<string, unknown> = {}) => ({
  id: 7,
  containerId: 1,
  name: 'Lager i Kista',
  status: 'Öppen',
  isArchived: false,
  positionTypeName: 'Sommarjobb',
  start: 1767225600,
  stop: 1769904000,
  totalApplicants: 4,
  totalUnProcessed: 2,
  views: 10,
  publicUrl: 'https://demo.example/positions/7',
  ...over,
});

beforeEach(() => signIn(fakeToken('per@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe('the position head as a record block', () => {
  it('names the page by the position, and gives a per-position writer archive and delete but not copy (a container right)', async () => {
    const calls = serveActions(
      {
        get_position: (d) => (d.id === 7 ? position() : undefined),
        get_positionPermissions: () => [{ email: 'per@demo.test', permissionName: 'Write' }],
        get_applicantBoard: () => ({ columns: [] }),
      },
      { permissions: ['Read'] },
    );
    renderAdminAt('/admin/positions/7/board');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lager i Kista' }, SLOW)).toBeTruthy();
    await screen.findByRole('button', { name: 'Arkivera' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Återaktivera' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ta bort annons' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kopiera annons' })).toBeNull();
    const pages = screen.getByRole('navigation', { name: 'Annonsens sidor' });
    expect(within(pages).getByRole('link', { name: 'Redigera annons' }).getAttribute('href')).toBe('/admin/positions/7/edit');
    // Behörigheter is for a position's Administrator only.
    expect(within(pages).queryByRole('link', { name: 'Behörigheter' })).toBeNull();
    const views = screen.getByRole('navigation', { name: 'Visa sökande som' });
    expect(within(views).getByRole('link', { name: 'Tavla' }).getAttribute('aria-current')).toBe('page');
    expect(within(views).getByRole('link', { name: 'Lista' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Visa publik sida' }).getAttribute('href')).toBe('https://demo.example/positions/7');

    await userEvent.click(screen.getByRole('button', { name: 'Arkivera' }));
    await waitFor(() => expect(calls.some((c) => c.action === 'update_PositionArchivedStatus' && c.data.positionId === 7 && c.data.isArchived === true)).toBe(true));
  });

  it('offers Återaktivera instead of Arkivera for an archived position, and a reader neither', async () => {
    serveActions({ get_position: () => position({ isArchived: true, status: 'Arkiverad' }), get_positionPermissions: () => [], get_applicantBoard: () => ({ columns: [] }) }, { permissions: ['Administrator'] });
    const view = renderAdminAt('/admin/positions/7/board');
    await screen.findByRole('button', { name: 'Återaktivera' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Arkivera' })).toBeNull();
    view.unmount();

    serveActions({ get_position: () => position(), get_positionPermissions: () => [], get_applicantBoard: () => ({ columns: [] }) }, { permissions: ['Read'] });
    renderAdminAt('/admin/positions/7/board');
    await screen.findByRole('heading', { level: 1, name: 'Lager i Kista' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Arkivera' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ta bort annons' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Redigera annons' })).toBeNull();
  });
});

describe('a card on the board', () => {
  it("opens the applicant in the app from the card's name, and leaves a click with Ctrl to the browser", async () => {
    const card = { id: 42, name: 'Anna Berg', days: 2, unread: false, rating: { count: 0, average: null }, interestLabelId: null, rejected: false };
    serveActions(
      {
        get_position: () => position(),
        get_positionPermissions: () => [],
        get_applicantBoard: () => ({ rejectedLabelId: null, columns: [{ labelId: 5, name: 'Intervju', count: 1, rejected: 0, cards: [card], next: null }] }),
      },
      { permissions: ['Write'] },
    );
    renderAdminAt('/admin/positions/7/board');
    const name = await screen.findByRole('link', { name: 'Anna Berg' }, SLOW);
    expect(name.getAttribute('href')).toBe('/admin/positions/7/applicants/42');
    const browser = vi.fn((e: MouseEvent) => e.defaultPrevented);
    document.addEventListener('click', browser);
    try {
      const user = userEvent.setup();
      await user.keyboard('{Control>}');
      await user.click(name);
      await user.keyboard('{/Control}');
      expect(browser).toHaveLastReturnedWith(false);
      expect(screen.getByTestId('where').textContent).toBe('/admin/positions/7/board');
      await userEvent.click(name);
      expect(browser).toHaveLastReturnedWith(true);
    } finally {
      document.removeEventListener('click', browser);
    }
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/positions/7/applicants/42'));
  });
});

describe('the profile page', () => {
  it("shows 'all types' (no list stored) as every box ticked, sends a list when one is unticked and none when all are ticked again", async () => {
    const calls = serveActions({
      get_UserNotificationPreferences: () => ({ realtime: true, email: false }),
      update_NotificationPreferences: (d) => d.notificationPreferences,
    });
    renderAdminAt('/admin/profile');
    const types = await screen.findByRole('group', { name: 'Notifikationer jag vill få' }, SLOW);
    const boxes = within(types).getAllByRole('checkbox');
    expect(boxes.length).toBe(9);
    expect(boxes.every((b) => (b as HTMLInputElement).checked)).toBe(true);

    await userEvent.click(within(types).getByLabelText('Fel'));
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(calls.filter((c) => c.action === 'update_NotificationPreferences').length).toBe(1));
    const sent = calls.find((c) => c.action === 'update_NotificationPreferences')!.data.notificationPreferences as { types?: string[] };
    expect(sent.types?.length).toBe(8);
    expect(sent.types).not.toContain('error');

    await userEvent.click(within(types).getByLabelText('Fel'));
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(calls.filter((c) => c.action === 'update_NotificationPreferences').length).toBe(2));
    const again = calls.filter((c) => c.action === 'update_NotificationPreferences')[1]!.data.notificationPreferences as Record<string, unknown>;
    expect('types' in again).toBe(false);
    expect(again.realtime).toBe(true);
  });
});
