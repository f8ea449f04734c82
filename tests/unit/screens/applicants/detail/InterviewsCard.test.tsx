import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeToken, renderAdminAt, serveActions, signIn } from '../../harness';

const SLOW = { timeout: 20_000 };
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
