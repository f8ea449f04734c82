import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { deliverDue } from '../../server/jobs/webhooks';
import type { DeliveryDoc } from '../../server/domain/webhooks/outbox';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, otherOrganisation, validAnswers } from './helpers/domain';
import { startReceiver, type Receiver } from './helpers/receiver';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * What webhooks refuse (issue 29, Bad input): receivers on loopback, link-local or private
 * addresses, also by a name, at creation and again at every delivery; other organisations and
 * lower roles. And what several instances on one store do: each delivery is sent once, and
 * one instance finishes what another left in the outbox.
 */

describe('webhook URLs on a server without WEBHOOKS_ALLOW_PRIVATE', () => {
  let s: TestServer;
  let rx: Receiver;
  let admin: string;
  let containerId: number;
  beforeAll(async () => {
    rx = await startReceiver();
    s = await startTestServer({ kind: 'embedded', seed: true });
    admin = await s.login(DEMO.admin);
    containerId = (await demoPositions(s)).container.id;
  });
  afterAll(async () => {
    await s?.close();
    await rx?.close();
  });

  it.each([
    ['http://127.0.0.1/hook', sv.webhooks.urlScheme],
    ['https://127.0.0.1/hook', sv.webhooks.urlPrivate],
    ['http://169.254.169.254/latest/meta-data', sv.webhooks.urlScheme],
    ['https://169.254.169.254/latest/meta-data', sv.webhooks.urlPrivate],
    ['https://localhost:8443/hook', sv.webhooks.urlPrivate],
    ['https://10.1.2.3/hook', sv.webhooks.urlPrivate],
    ['https://[::1]/hook', sv.webhooks.urlPrivate],
    ['https://[::ffff:127.0.0.1]/hook', sv.webhooks.urlPrivate],
    ['https://[fe80::1]/hook', sv.webhooks.urlPrivate],
    ['https://[fd00::1]/hook', sv.webhooks.urlPrivate],
    ['https://0.0.0.0/hook', sv.webhooks.urlPrivate],
    ['https://user:pass@example.com/hook', sv.webhooks.urlInvalid],
    ['ftp://example.com/hook', sv.webhooks.urlScheme],
  ])('refuses %s at /url and stores nothing', async (url, message) => {
    const r = await s.call(admin, 'create_webhook', { containerId, url, events: ['application.created'] });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid', message, details: [{ path: '/url', message }] });
    expect((await s.call(admin, 'get_webhooks', { containerId })).body.data).toEqual([]);
  });

  it('checks the address again at delivery: a receiver that became private gets nothing', async () => {
    // As if the name's address had changed since the webhook was saved.
    const store = s.deps.store;
    const webhookId = await store.nextSequence('webhooks');
    await store.collection('webhooks').insertOne({ id: webhookId, containerId, url: `${rx.url}/hook`, events: ['application.created'], secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`, created: s.deps.now(), createdBy: 0 });
    const { open } = await demoPositions(s);
    const r = await applyTo(s, open.id, 'andrad-adress@exempel.se', validAnswers('andrad-adress@exempel.se'));
    expect(r.status, r.text).toBe(201);
    const deliveries = s.deps.store.collection<DeliveryDoc>('webhookDeliveries');
    await expect.poll(async () => (await deliveries.findOne({ webhookId }))?.tries).toBe(1);
    expect(await deliveries.findOne({ webhookId })).toMatchObject({ status: 'pending', lastStatus: null, lastError: 'address' });
    expect(rx.received).toEqual([]);
  });

  it('lets only an administrator of the organisation manage its webhooks', async () => {
    const writer = await s.login(DEMO.writer);
    const other = await otherOrganisation(s, 'webbkrok');
    const asWriter = await s.call(writer, 'create_webhook', { containerId, url: 'https://example.com/hook', events: ['application.created'] });
    expect(asWriter.status).toBe(403);
    const own = { id: await s.deps.store.nextSequence('webhooks') };
    await s.deps.store.collection('webhooks').insertOne({ ...own, containerId, url: 'https://example.com/hook', events: ['application.created'], secret: 'whsec_x', created: s.deps.now(), createdBy: 0 });
    expect((await s.call(other.token, 'get_webhookDeliveries', { containerId: other.container.id, id: own.id })).status).toBe(404);
    expect((await s.call(other.token, 'delete_webhook', { containerId: other.container.id, id: own.id })).status).toBe(404);
    expect((await s.call(other.token, 'get_webhooks', { containerId })).status).toBe(404);
  });
});

describe.runIf(storeKinds().includes('mongo'))('webhooks on two instances of one mongo database', () => {
  let a: TestServer;
  let b: TestServer;
  let rx: Receiver;
  const config = { webhooks: { allowPrivate: true, timeoutMs: 2_000, pollMs: 60_000 } };
  beforeAll(async () => {
    rx = await startReceiver();
    a = await startTestServer({ kind: 'mongo', seed: true, config });
    b = await startTestServer({ kind: 'mongo', peerOf: a, config });
  });
  let bClosed = false;
  afterAll(async () => {
    if (!bClosed) await b?.close();
    await a?.close();
    await rx?.close();
  });

  it('sends each delivery once however many instances try, and one instance finishes what another left', async () => {
    const admin = await a.login(DEMO.admin);
    const { container, open } = await demoPositions(a);
    const hook = await a.call(admin, 'create_webhook', { containerId: container.id, url: `${rx.url}/hook`, events: ['application.created'] });
    expect(hook.status, hook.text).toBe(200);
    const deliveries = a.deps.store.collection<DeliveryDoc>('webhookDeliveries');
    // Five applications through B, each raced by both instances' workers.
    for (let i = 0; i < 5; i++) {
      const email = `tva-instanser${i}@exempel.se`;
      expect((await applyTo(b, open.id, email, validAnswers(email))).status).toBe(201);
      await Promise.all([deliverDue(a.deps), deliverDue(b.deps), deliverDue(a.deps), deliverDue(b.deps)]);
    }
    await expect.poll(() => deliveries.count({ status: 'delivered' })).toBe(5);
    expect(rx.received).toHaveLength(5);
    expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(5);

    // B fails a try and stops; A, after the pause, delivers from the shared outbox.
    rx.respond = () => (rx.received.length === 6 ? 500 : 200);
    expect((await applyTo(b, open.id, 'omstart@exempel.se', validAnswers('omstart@exempel.se'))).status).toBe(201);
    await expect.poll(async () => (await deliveries.findOne({ status: 'pending' }))?.tries).toBe(1);
    await b.close();
    bClosed = true;
    const left = (await deliveries.findOne({ status: 'pending' }))!;
    expect(await deliverDue({ ...a.deps, now: () => left.nextAt })).toBe(1);
    expect(await deliveries.findOne({ id: left.id })).toMatchObject({ status: 'delivered', tries: 2 });
    expect(rx.received).toHaveLength(7);
  });
});
