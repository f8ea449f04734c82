import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAdminAt, serveActions, signIn } from '../../harness';
import { SLOW } from '../../../../setup/wait';

const application = {
  id: 7,
  containerId: 1,
  positionId: 3,
  position: { id: 3, name: 'Lagerarbetare' },
  formVersion: 1,
  email: 'anna@example.se',
  userId: 'anna@example.se',
  user: { email: 'anna@example.se' },
  created: 1_700_000_000,
  info: { firstname: 'Anna', lastname: 'Berg', name: 'Anna Berg', email: 'anna@example.se' },
  form: [],
  metadata: {},
  interestLabelId: null,
  processLabelId: null,
  labels: [],
  files: [],
  notesCount: 0,
  notes: [],
  logs: [],
};
const position = { id: 3, containerId: 1, name: 'Lagerarbetare', positionTypeId: 4, metadata: [], formVersion: 1, start: 1767225600, stop: 1798761600, status: 'Publicerad' };

beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe('the applicant page loads each thing once (issue 25 item 5)', () => {
  it('loads the application once, in its head, and the position only when a mail is written', async () => {
    const calls = serveActions(
      { get_applicantPosition: (d) => (d.id === 7 ? application : undefined), get_position: (d) => (d.id === 3 ? position : undefined), get_applicantScorecards: () => ({ criteria: [], mine: null, others: [], count: 0, average: null, hidden: 0 }), get_emailTemplates: () => [] },
      { permissions: ['Administrator'] },
    );
    renderAdminAt('/admin/positions/3/applicants/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Berg' }, SLOW)).toBeTruthy();
    // The view's cards load with the view: by then a view that loads the position on its own has asked.
    await waitFor(() => expect(calls.some((c) => c.action === 'get_applicantScorecards')).toBe(true), SLOW);
    expect(calls.filter((c) => c.action === 'get_applicantPosition')).toHaveLength(1);
    expect(calls.filter((c) => c.action === 'get_position')).toHaveLength(0);

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Skicka e-post' }, SLOW));
    expect(await screen.findByRole('dialog', {}, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.action === 'get_position')).toEqual([{ action: 'get_position', data: { id: 3 } }]);
  }, 30_000);
});

describe('who read the application (issue 28 item 5)', () => {
  const actions = {
    get_applicantPosition: (d: Record<string, unknown>) => (d.id === 7 ? application : undefined),
    get_applicantScorecards: () => ({ criteria: [], mine: null, others: [], count: 0, average: null, hidden: 0 }),
    get_emailTemplates: () => [],
    get_applicantReadLog: () => ({ items: [{ at: 1_700_000_100, user: 'Anna Administratör', role: 'admin', kind: 'view' }] }),
  };

  it('is shown to an administrator', async () => {
    const calls = serveActions(actions, { permissions: ['Administrator'] });
    renderAdminAt('/admin/positions/3/applicants/7');
    expect(await screen.findByRole('heading', { name: 'Vem har läst ansökan' }, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.action === 'get_applicantReadLog')).toEqual([{ action: 'get_applicantReadLog', data: { id: 7 } }]);
  }, 30_000);

  it('is not asked for by a writer, whom the server would refuse', async () => {
    signIn(fakeToken('writer@demo.test'));
    const calls = serveActions(actions, { permissions: ['Write'] });
    renderAdminAt('/admin/positions/3/applicants/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Berg' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.action === 'get_applicantScorecards')).toBe(true), SLOW);
    expect(screen.getByRole('button', { name: 'Markera skyddade personuppgifter' })).toBeTruthy();
    expect(calls.filter((c) => c.action === 'get_applicantReadLog')).toEqual([]);
  }, 30_000);
});
