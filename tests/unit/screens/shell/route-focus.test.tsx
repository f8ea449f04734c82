import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScreenFile } from '../../../../screens/runner/types';
import { fakeToken, renderAdminAt, serveActions, signIn } from '../harness';
import { screenFiles } from '../screen-files';
import { SLOW } from '../../../setup/wait';

const first: ScreenFile = {
  id: 'route-focus-a',
  route: '/admin/route-focus-a',
  title: 'Första steget',
  access: 'admin',
  kind: 'form',
  schema: { type: 'object', properties: { name: { type: 'string', title: 'Namn', maxLength: 20 } } },
  save: { action: 'save_sample', data: { sample: '{form}' } },
  next: '/admin/route-focus-b',
};
const second: ScreenFile = { ...first, id: 'route-focus-b', route: '/admin/route-focus-b', title: 'Andra steget', next: undefined };

beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe('the focus after a route change', () => {
  it("goes to the new screen's heading when a save went on to it, not to the page", async () => {
    serveActions({ save_sample: () => ({}) }, { permissions: ['Administrator'] });
    renderAdminAt(first.route!, [...screenFiles, first, second]);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Namn' }, SLOW), 'Anna');
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Andra steget' }, SLOW);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // The next Tab goes on from the heading, into the screen.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Namn' }));
  }, 60_000);

  it('stays where the person put it: a link in the sidebar keeps the focus', async () => {
    serveActions({}, { permissions: ['Administrator'] });
    renderAdminAt(first.route!, [...screenFiles, first, second]);
    await screen.findByRole('heading', { level: 1, name: 'Första steget' }, SLOW);
    const link = screen.getAllByRole('link').find((a) => a.closest('#sh-sidebar') && a.getAttribute('href') === '/admin/users')!;
    const user = userEvent.setup();
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: /Användare/ }, SLOW);
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 20)));
    expect(document.activeElement).toBe(link);
  }, 60_000);
});
