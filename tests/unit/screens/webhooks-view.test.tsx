import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sv from '../../../schemas/messages/sv.json';
import { fakeToken, renderAdminAt as at, serveActions, signIn } from './harness';
import { refusal } from '../fetch';
import { SLOW } from '../../setup/wait';

const t = sv.webhooks;
const SECRET = `whsec_${'A'.repeat(43)}=`;

afterEach(() => vi.unstubAllGlobals());

describe('webhooks on the Integration page (issue 29 item 6)', () => {
  it('refuses a private URL at the field, shows the secret once, and sends a delivery again from the log', async () => {
    signIn(fakeToken('admin@demo.test'));
    let created = false;
    const calls = serveActions(
      {
        get_positionsPartnersSetting: () => [],
        get_webhooks: () => (created ? [{ id: 4, url: 'https://mottagare.example/hook', events: ['application.created'], created: 1_700_000_000, pending: 0, failed: 1 }] : []),
        create_webhook: (d) => {
          if (String(d.url).includes('127.0.0.1')) return refusal(400, 'invalid', t.urlPrivate, [{ path: '/url', message: t.urlPrivate }]);
          created = true;
          return { id: 4, secret: SECRET };
        },
        get_webhookDeliveries: () => [
          { id: 'msg_00000000-0000-4000-8000-000000000001', type: 'application.created', subject: 'application:7', created: 1_700_000_000, status: 'failed', tries: 9, lastStatus: 500, lastError: 'status', lastAt: 1_700_086_400, nextAt: null },
        ],
        resend_webhookDelivery: (d) => ({ id: d.deliveryId, status: 'pending' }),
      },
      { permissions: ['Administrator'] },
    );
    const user = userEvent.setup();
    at('/admin/integration');
    const url = await screen.findByLabelText(t.url, {}, SLOW);
    await user.type(url, 'https://127.0.0.1/hook');
    await user.click(screen.getByRole('button', { name: t.add }));
    expect(await screen.findByText(t.urlPrivate)).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    await user.clear(url);
    await user.type(url, 'https://mottagare.example/hook');
    await user.click(screen.getByRole('button', { name: t.add }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(calls.find((c) => c.action === 'create_webhook' && !String(c.data.url).includes('127'))?.data).toEqual({ containerId: 1, url: 'https://mottagare.example/hook', events: ['application.created'] });
    await user.click(screen.getByRole('button', { name: t.done }));
    expect(screen.queryByText(SECRET)).toBeNull();
    await user.click(await screen.findByRole('button', { name: t.showLog }));
    const table = await screen.findByRole('table', { name: t.log });
    expect(within(table).getByText(t.status.failed)).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: t.resend }));
    await waitFor(() => expect(calls.find((c) => c.action === 'resend_webhookDelivery')?.data).toEqual({ containerId: 1, deliveryId: 'msg_00000000-0000-4000-8000-000000000001' }));
  });
});
