import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sv from '../../../../schemas/messages/sv.json';
import { fill } from '../../../../engine/fill';
import { fakeToken, renderAdminAt, serveActions, signIn } from '../harness';
import { SLOW } from '../../../setup/wait';

const t = sv.scorecards.kits;
const position = { id: 5, containerId: 1, name: 'Lagerarbetare', positionTypeId: 1, metadata: [], formVersion: 1, start: 1767225600, stop: 1798761600, status: 'Publicerad', totalApplicants: 0, totalUnProcessed: 0, views: 0 };
const labels = [
  { id: 7, name: 'Ny', labelType: 'Process', color: '#000000', order: 1 },
  { id: 8, name: 'Intervju', labelType: 'Process', color: '#000000', order: 2 },
];

beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe("the position page's interview kits by keyboard (issue 30 item 2)", () => {
  it('puts focus in the question or criterion just added and back on its add button when one is removed, and saves what was typed', async () => {
    const calls = serveActions(
      {
        get_container: () => ({ id: 1, name: 'demo', positionTypes: [], labels, myPermissions: ['Administrator'] }),
        get_position: (d) => (d.id === 5 ? position : undefined),
        get_positions: () => [position],
        get_applicantPositionByPosition: () => ({ items: [], next: null }),
        get_positionInterviewKits: () => ({ kits: [] }),
        update_positionInterviewKit: (d) => ({ kits: [{ processLabelId: d.processLabelId, questions: d.questions, criteria: [{ id: 'c1', name: 'Kundbemötande' }] }] }),
      },
      { permissions: ['Administrator'] },
    );
    const user = userEvent.setup();
    renderAdminAt('/admin/positions/5');
    await user.click(await screen.findByText(t.open, undefined, SLOW));
    const addQuestion = await screen.findByRole('button', { name: t.addQuestion });
    await user.click(addQuestion);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(fill(t.question, { n: '1' }))));
    await user.keyboard('Berätta om en svår kund.');
    await user.click(addQuestion);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(fill(t.question, { n: '2' }))));
    await user.click(screen.getByRole('button', { name: fill(sv.scorecards.criteria.remove, { name: fill(t.question, { n: '2' }) }) }));
    await waitFor(() => expect(document.activeElement).toBe(addQuestion));
    await user.click(screen.getByRole('button', { name: sv.scorecards.criteria.add }));
    await user.keyboard('Kundbemötande');
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() =>
      expect(calls.find((c) => c.action === 'update_positionInterviewKit')?.data).toEqual({ positionId: 5, processLabelId: 7, questions: ['Berätta om en svår kund.'], criteria: [{ name: 'Kundbemötande' }] }),
    );
  });
});
