import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeToken, renderAdminAt, serveActions, signIn } from './harness';
import { SLOW } from '../../setup/wait';

const position = { id: 5, name: 'Lagerarbetare', positionTypeId: 1, metadata: [], formVersion: 1, start: 1767225600, stop: 1798761600, status: 'Publicerad' };

beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe("a view block 'from' a page's head block (issue 16 item 5)", () => {
  it('the hand-registration page loads the position once: the head shows it and the form view is given it, not loading it again', async () => {
    const calls = serveActions({ get_position: (d) => (d.id === 5 ? position : undefined) }, { permissions: ['Administrator'] });
    renderAdminAt('/admin/positions/5/applicants/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrera ansökan' }, SLOW)).toBeTruthy();
    // The view's own part: the applicant's e-mail field, drawn only once the head has loaded.
    expect(await screen.findByLabelText(/^Sökandens e-postadress/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Lagerarbetare')).toBeTruthy();
    expect(calls.filter((c) => c.action === 'get_position')).toHaveLength(1);
  }, 30_000);

  it('an unknown position shows the head block\'s not-found state and no form', async () => {
    serveActions({ get_position: () => undefined }, { permissions: ['Administrator'] });
    renderAdminAt('/admin/positions/6/applicants/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Annonsen hittades inte' }, SLOW)).toBeTruthy();
    expect(screen.queryByLabelText(/^Sökandens e-postadress/)).toBeNull();
  }, 30_000);
});
