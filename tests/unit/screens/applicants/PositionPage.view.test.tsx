import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeToken, renderAdminAt, serveActions, signIn } from '../harness';
import { SLOW } from '../../../setup/wait';

const position = { id: 5, containerId: 1, name: 'Lagerarbetare', positionTypeId: 1, metadata: [], formVersion: 1, start: 1767225600, stop: 1798761600, status: 'Publicerad', totalApplicants: 0, totalUnProcessed: 0, views: 0 };

beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe('the position page loads its position once (issue 25 item 5)', () => {
  it('the head block loads get_position and the applicant list is given it, not loading it again', async () => {
    const calls = serveActions({ get_position: (d) => (d.id === 5 ? position : undefined), get_positions: () => [position] }, { permissions: ['Administrator'] });
    renderAdminAt('/admin/positions/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lagerarbetare' }, SLOW)).toBeTruthy();
    // The list's own load starts only once the view has its position (given, or formerly loaded again).
    await waitFor(() => expect(calls.some((c) => c.action === 'get_applicantPositionByPosition')).toBe(true), SLOW);
    expect(calls.filter((c) => c.action === 'get_position')).toHaveLength(1);
  }, 30_000);

  it('an unknown position shows the head block\'s not-found state and no list', async () => {
    const calls = serveActions({ get_position: () => undefined }, { permissions: ['Administrator'] });
    renderAdminAt('/admin/positions/6');
    expect(await screen.findByRole('heading', { level: 1, name: 'Annonsen hittades inte' }, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.action === 'get_position')).toHaveLength(1);
    expect(calls.some((c) => c.action === 'get_applicantPositionByPosition')).toBe(false);
  }, 30_000);
});
