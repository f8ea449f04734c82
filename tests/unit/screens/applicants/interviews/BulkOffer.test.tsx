import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sv from '../../../../../schemas/messages/sv.json';
import { fill } from '../../../../../engine/fill';
import { fakeToken, renderAdminAt, serveActions, signIn } from '../../harness';
import { SLOW } from '../../../../setup/wait';

const t = sv.interviews.many;
const position = { id: 5, containerId: 1, name: 'Lagerarbetare', positionTypeId: 1, metadata: [], formVersion: 1, start: 1767225600, stop: 1798761600, status: 'Publicerad', totalApplicants: 2, totalUnProcessed: 2, views: 0 };
const item = (id: number, info: Record<string, string>, email: string) => ({
  id, created: 1_700_000_000, containerId: 1, positionId: 5, position: { id: 5, name: 'Lagerarbetare' }, userId: email, email, user: { email }, info,
  metadata: {}, formVersion: 1, interestLabelId: null, processLabelId: null, labels: [], files: [], notesCount: 0,
});
/** 2027-03-29 10:00 in Stockholm (CEST). */
const START = Date.UTC(2027, 2, 29, 8, 0) / 1000;

beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe("offering one set of interview times to the list's selection (issue 30 item 1)", () => {
  it('sends the times to all selected and says how many got them and which were left out and why', async () => {
    const calls = serveActions(
      {
        get_position: (d) => (d.id === 5 ? position : undefined),
        get_positions: () => [position],
        get_applicantPositionByPosition: () => ({ items: [item(21, { firstname: 'Anna', lastname: 'Berg' }, 'anna@example.se'), item(22, { name: 'Sökande 22' }, '')], next: null }),
        get_applicantCounts: () => ({ total: 2 }),
        get_positionInterviewers: () => ({ rows: [{ id: 11, name: 'Ada Admin', email: 'admin@demo.test' }] }),
        create_interviewSlotsForMany: (d) => ({ setId: 1, slots: [{ id: 1, start: START, minutes: 45 }], interviews: [{ id: 1, applicationId: (d.ids as number[])[0] }], refused: [{ applicationId: 22, reason: 'anonymous' }] }),
      },
      { permissions: ['Administrator'] },
    );
    const user = userEvent.setup();
    renderAdminAt('/admin/positions/5');
    await user.click(await screen.findByRole('checkbox', { name: /Anna Berg/ }, SLOW));
    await user.click(screen.getByRole('checkbox', { name: /Sökande 22/ }));
    const open = within(screen.getByRole('group', { name: sv.applicants.bulk.group })).getByRole('button', { name: sv.applicants.bulk.offerTimes });
    await user.click(open);
    const heading = await screen.findByRole('heading', { name: fill(t.title, { count: '2' }) }, SLOW);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    screen.getByText(t.intro);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Ada Admin (du)' })).toHaveProperty('checked', true), SLOW);
    fireEvent.change(screen.getByLabelText(fill(sv.interviews.card.start, { n: '1' })), { target: { value: '2027-03-29T10:00' } });
    const length = screen.getByLabelText(sv.interviews.card.minutes);
    await user.clear(length);
    await user.type(length, '45');
    await user.type(screen.getByLabelText(sv.interviews.card.videoUrl), 'https://video.example/rum');
    await user.click(screen.getByRole('button', { name: sv.interviews.card.send }));
    await waitFor(() =>
      expect(calls.find((c) => c.action === 'create_interviewSlotsForMany')?.data).toEqual({ ids: [21, 22], interviewers: [11], slots: [{ start: START, minutes: 45 }], videoUrl: 'https://video.example/rum' }),
    );
    await screen.findByText(fill(t.done, { count: '1' }));
    screen.getByText(fill(t.refused, { count: '1' }));
    screen.getByText(`Sökande 22: ${t.anonymous}`);

    await user.click(screen.getByRole('button', { name: t.close }));
    expect(screen.queryByRole('heading', { name: fill(t.title, { count: '2' }) })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));
  }, 60_000);
});
