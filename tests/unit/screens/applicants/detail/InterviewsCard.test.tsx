import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sv from '../../../../../schemas/messages/sv.json';
import { fill } from '../../../../../engine/fill';
import { fakeToken, renderAdminAt, serveActions, signIn } from '../../harness';
import { SLOW } from '../../../../setup/wait';

const application = {
  id: 7,
  containerId: 1,
  positionId: 3,
  position: { id: 3, name: 'Lagerarbetare' },
  formVersion: 1,
  email: 'anna@example.se',
  created: 1_700_000_000,
  info: { firstname: 'Anna', lastname: 'Berg', name: 'Anna Berg', email: 'anna@example.se' },
  form: [],
  metadata: {},
  interestLabelId: null,
  processLabelId: null,
  labels: [],
  files: [],
  notes: [],
  logs: [],
};
const interview = { id: 21, status: 'booked', start: 2_000_000_000, minutes: 45, place: 'Storgatan 1', videoUrl: null, interviewers: [5], expires: 1_999_000_000, offered: [] };
const card = (raterId: number, raterName: string, score: number, comment: string) => ({
  raterId,
  raterName,
  scores: [{ criterionId: 'c1', name: 'Samarbete', score }],
  overall: 'yes',
  comment,
  average: score,
  updated: 1_900_000_000,
});
const none = { criteria: [], mine: null, others: [], count: 0, average: null, hidden: 0 };
const t = sv.interviews.card;
/** 2027-03-27 10:00 in Stockholm (CET). */
const START = Date.UTC(2027, 2, 27, 9, 0) / 1000;

beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe('the interview card (issue 30 item 2)', () => {
  it('shows a booked interview with its kit questions and its scorecards', async () => {
    const calls = serveActions(
      {
        get_applicantPosition: (d) => (d.id === 7 ? application : undefined),
        get_applicantInterviews: () => ({ rows: [interview] }),
        get_applicantScorecards: (d) =>
          d.interviewId === 21
            ? { criteria: [{ id: 'c1', name: 'Samarbete' }], questions: ['Berätta om ett svårt samtal'], mine: card(1, 'Ada Admin', 4, 'Tydlig'), others: [card(2, 'Viktor Skribent', 2, 'Lyssnade väl')], count: 2, average: 3, hidden: 0 }
            : none,
        get_emailTemplates: () => [],
      },
      { permissions: ['Administrator'] },
    );
    renderAdminAt('/admin/positions/3/applicants/7');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Intervjuer' }, SLOW)).closest('section')!;
    const panel = within(section);
    expect(await panel.findByText('Berätta om ett svårt samtal', {}, SLOW)).toBeTruthy();
    expect(panel.getByRole('heading', { name: 'Bedömningar av intervjun' })).toBeTruthy();
    expect(panel.getByText('Lyssnade väl')).toBeTruthy();
    expect(panel.getByText(/Viktor Skribent: snitt 2, Ja/)).toBeTruthy();
    expect(calls).toContainEqual({ action: 'get_applicantScorecards', data: { id: 7, interviewId: 21 } });
  }, 45_000);
});

describe('offering interview times on the applicant page (issue 30 item 1)', () => {
  it('chooses the interviewers among the staff with a right on the position, the writer ticked from the start', async () => {
    const calls = serveActions(
      {
        get_applicantPosition: (d) => (d.id === 7 ? { ...application, userId: 'anna@example.se', user: { email: 'anna@example.se' }, notesCount: 0 } : undefined),
        get_applicantScorecards: () => none,
        get_applicantInterviews: () => ({ rows: [] }),
        get_positionInterviewers: (d) => (d.positionId === 3 ? { rows: [{ id: 11, name: 'Ada Admin', email: 'admin@demo.test' }, { id: 12, name: 'Wera Skrivare', email: 'writer@demo.test' }] } : undefined),
        create_interviewSlots: () => ({ setId: 1, slots: [{ id: 1, start: START, minutes: 30 }], interviews: [{ id: 1, applicationId: 7 }] }),
        get_position: () => ({ id: 3, containerId: 1, name: 'Lagerarbetare', positionTypeId: 4, metadata: [], formVersion: 1, start: 1767225600, stop: 1798761600, status: 'Publicerad' }),
      },
      { permissions: ['Administrator'] },
    );
    const user = userEvent.setup();
    renderAdminAt('/admin/positions/3/applicants/7');
    await user.click(await screen.findByText(t.offer, {}, SLOW));
    const group = await screen.findByRole('group', { name: t.interviewers }, SLOW);
    const me = await within(group).findByRole('checkbox', { name: 'Ada Admin (du)' }, SLOW);
    await waitFor(() => expect(me).toHaveProperty('checked', true));
    const other = within(group).getByRole('checkbox', { name: 'Wera Skrivare' });
    expect(other).toHaveProperty('checked', false);

    // None chosen: said at the form, nothing sent.
    await user.click(me);
    fireEvent.change(screen.getByLabelText(fill(t.start, { n: '1' })), { target: { value: '2027-03-27T10:00' } });
    await user.type(screen.getByLabelText(t.place), 'Storgatan 1');
    await user.click(screen.getByRole('button', { name: t.send }));
    await screen.findByText(t.chooseInterviewer);
    expect(calls.some((c) => c.action === 'create_interviewSlots')).toBe(false);

    await user.click(other);
    await user.click(me);
    await user.click(screen.getByRole('button', { name: t.send }));
    await waitFor(() => expect(calls.find((c) => c.action === 'create_interviewSlots')?.data).toEqual({ applicationId: 7, interviewers: [12, 11], slots: [{ start: START, minutes: 30 }], place: 'Storgatan 1' }));
    await screen.findByText(t.sent);
  }, 60_000);
});
