import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { deliverDue } from '../../server/jobs/webhooks';
import { positionDatesJob } from '../../server/jobs/schedule';
import { runRetention } from '../../server/domain/gdpr/retention';
import type { DeliveryDoc } from '../../server/domain/webhooks/outbox';
import type { ContainerDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, personnummer, validAnswers } from './helpers/domain';
import { startReceiver, type Received, type Receiver } from './helpers/receiver';
import { mailedToken } from './helpers/mailbox';
import { DEMO, TEST_PASSWORD, startTestServer, type TestServer } from './helpers/server';

/**
 * Webhooks by the Standard Webhooks specification (issue 29 item 6), over real HTTP to a
 * receiver on loopback: signed, retried with growing pauses (the test moves the worker's
 * clock instead of waiting), in order per application, never following a redirect, and with
 * no personal data in the payload.
 */
const TIMEOUT_MS = 300;

describe.each(storeKinds())('webhooks on the %s store', (kind) => {
  let s: TestServer;
  let rx: Receiver;
  let admin: string;
  let c: ContainerDoc;
  let positionId: number;
  let n = 0;

  beforeAll(async () => {
    rx = await startReceiver();
    s = await startTestServer({ kind, seed: true, config: { webhooks: { allowPrivate: true, timeoutMs: TIMEOUT_MS, pollMs: 60_000 } } });
    admin = await s.login(DEMO.admin);
    const demo = await demoPositions(s);
    c = demo.container;
    positionId = demo.open.id;
  });
  afterEach(async () => {
    const hooks = await s.call(admin, 'get_webhooks', { containerId: c.id });
    for (const h of hooks.body.data as { id: number }[]) await s.call(admin, 'delete_webhook', { containerId: c.id, id: h.id });
    rx.received.length = 0;
    rx.respond = () => 200;
  });
  afterAll(async () => {
    await s?.close();
    await rx?.close();
  });

  const subscribe = async (events: string[]) => {
    const r = await s.call(admin, 'create_webhook', { containerId: c.id, url: `${rx.url}/hook`, events });
    expect(r.status, r.text).toBe(200);
    return r.body.data as { id: number; secret: string };
  };
  const apply = async () => {
    const email = `webhook${++n}-${kind}@exempel.se`;
    const r = await applyTo(s, positionId, email, validAnswers(email, { form_ssn: personnummer('19850314') }));
    expect(r.status, r.text).toBe(201);
    return { id: r.body.data.id as number, email };
  };
  const deliveries = (webhookId: number) => s.deps.store.collection<DeliveryDoc>('webhookDeliveries').find({ webhookId }, { sort: { seq: 1 } });
  /** One pass of the worker at the time the first pending delivery of `webhookId` is due. */
  const atNextTry = async (webhookId: number) => {
    const due = (await deliveries(webhookId)).filter((d) => d.status === 'pending');
    const at = Math.max(...due.map((d) => d.nextAt), s.deps.now());
    return deliverDue({ ...s.deps, now: () => at });
  };
  const signedAt = (secret: string, r: Received) =>
    new Webhook(secret).sign(String(r.headers['webhook-id']), new Date(Number(r.headers['webhook-timestamp']) * 1000), r.body);

  it('sends application.created signed by the standard, with ids and no personal data; the log says delivered', async () => {
    const hook = await subscribe(['application.created']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const { id, email } = await apply();
    const [got] = await rx.waitFor(1);
    const payload = new Webhook(hook.secret).verify(got!.body, got!.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({ type: 'application.created', data: { id, positionId, containerId: c.id } });
    expect(got!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    for (const personal of [email, 'Anna', 'Svensson', '19850314', '0701234567', 'Storgatan']) expect(got!.body).not.toContain(personal);
    // The receiver has answered; the log says so once the worker has written it down.
    const log = () => s.call(admin, 'get_webhookDeliveries', { containerId: c.id, id: hook.id }).then((r) => r.body.data);
    await expect.poll(log).toEqual([expect.objectContaining({ type: 'application.created', status: 'delivered', tries: 1, lastStatus: 200, nextAt: null })]);
    // The secret is shown once: never listed, never logged.
    expect(JSON.stringify((await s.call(admin, 'get_webhooks', { containerId: c.id })).body)).not.toContain(hook.secret.slice(6));
    expect(s.logs.join('\n')).not.toContain(hook.secret.slice(6));
  });

  it('answered 500 twice, tries again after growing pauses and delivers the same message on the third try', async () => {
    const hook = await subscribe(['application.created']);
    let calls = 0;
    rx.respond = () => (++calls <= 2 ? 500 : 204);
    await apply();
    await rx.waitFor(1);
    await expect.poll(async () => (await deliveries(hook.id))[0]?.tries).toBe(1);
    const [first] = await deliveries(hook.id);
    expect(first).toMatchObject({ status: 'pending', lastStatus: 500, lastError: 'status' });
    // The pause counts from the end of the try (jobs/webhooks.ts nextTry), `lastAt` is its start
    // (the signed timestamp): a try that crosses a second boundary under load makes it one more.
    expect(first!.nextAt - first!.lastAt!).toBeGreaterThanOrEqual(5);
    expect(first!.nextAt - first!.lastAt!).toBeLessThanOrEqual(6);
    expect(await atNextTry(hook.id)).toBe(1);
    const [second] = await deliveries(hook.id);
    expect(second).toMatchObject({ status: 'pending', tries: 2, lastStatus: 500 });
    expect(second!.nextAt - second!.lastAt!).toBeGreaterThanOrEqual(60);
    expect(second!.nextAt - second!.lastAt!).toBeLessThanOrEqual(61);
    expect(await atNextTry(hook.id)).toBe(1);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'delivered', tries: 3, lastStatus: 204 });
    expect(rx.received).toHaveLength(3);
    expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of rx.received) expect(r.headers['webhook-signature']).toBe(signedAt(hook.secret, r));
  });

  it('keeps the order per application: a label move waits for the creation that failed, then both arrive in order', async () => {
    const hook = await subscribe(['application.created', 'application.updated']);
    rx.respond = () => (rx.received.length === 1 ? 503 : 200);
    const { id } = await apply();
    await expect.poll(async () => (await deliveries(hook.id))[0]?.tries).toBe(1);
    const process = c.labels!.find((l) => l.labelType === 'Process' && !l.isDefault)!;
    const moved = await s.call(admin, 'update_jobApplicationProcess', { labelId: process.id, ids: [id] });
    expect(moved.status, moved.text).toBe(200);
    // The update is due now, but its application's creation is still waiting.
    expect(await deliverDue(s.deps)).toBe(0);
    expect(rx.received).toHaveLength(1);
    await atNextTry(hook.id);
    await expect.poll(async () => (await deliveries(hook.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);
    expect(rx.received.map((r) => JSON.parse(r.body).type)).toEqual(['application.created', 'application.created', 'application.updated']);
    expect(JSON.parse(rx.received[2]!.body).data).toMatchObject({ id, processLabelId: process.id });
  });

  it(`times out a receiver that hangs (${TIMEOUT_MS} ms here, 10 s by default) and tries again`, async () => {
    const hook = await subscribe(['application.created']);
    rx.respond = () => (rx.received.length === 1 ? 'hang' : 200);
    await apply();
    await expect.poll(async () => (await deliveries(hook.id))[0]?.tries).toBe(1);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'pending', lastStatus: null, lastError: 'timeout' });
    await atNextTry(hook.id);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'delivered', tries: 2, lastStatus: 200 });
  });

  it('does not follow a redirect: a 3xx is a failed try, and the redirect target gets nothing', async () => {
    const hook = await subscribe(['application.created']);
    rx.respond = (r) => (r.path === '/hook' ? { redirect: `${rx.url}/elsewhere` } : 200);
    await apply();
    await expect.poll(async () => (await deliveries(hook.id))[0]?.tries).toBe(1);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'pending', lastStatus: 302, lastError: 'redirect' });
    expect(rx.received.map((r) => r.path)).toEqual(['/hook']);
  });

  it("gives up after 24 hours and shows 'failed'; Skicka igen sends it again with the same webhook-id", async () => {
    const hook = await subscribe(['application.created']);
    rx.respond = () => 500;
    await apply();
    await expect.poll(async () => (await deliveries(hook.id))[0]?.tries).toBe(1);
    const start = (await deliveries(hook.id))[0]!.windowFrom;
    let tries = 1;
    while ((await deliveries(hook.id))[0]!.status === 'pending' && tries < 20) tries += await atNextTry(hook.id);
    const [gaveUp] = await deliveries(hook.id);
    expect(gaveUp).toMatchObject({ status: 'failed', lastStatus: 500 });
    expect(gaveUp!.lastAt! - start).toBe(24 * 3600);
    rx.respond = () => 200;
    const resent = await s.call(admin, 'resend_webhookDelivery', { containerId: c.id, deliveryId: gaveUp!.id });
    expect(resent.body.data).toEqual({ id: gaveUp!.id, status: 'pending' });
    await expect.poll(async () => (await deliveries(hook.id))[0]?.status).toBe('delivered');
    expect(new Set(rx.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([gaveUp!.id]));
  });

  it('sends position.published when a position opens and position.closed when it is archived', async () => {
    await subscribe(['position.published', 'position.closed']);
    const now = s.deps.now();
    const created = await s.call(admin, 'create_position', {
      containerId: c.id, name: 'Webbhookstjänst', text: '<p>Text</p>', description: 'Beskrivning', city: 'Umeå',
      start: now - 3600, stop: now + 30 * 86400, isInternal: false, positionTypeId: c.positionTypes![0]!.id,
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.data.id as number;
    await rx.waitFor(1);
    expect((await s.call(admin, 'update_PositionArchivedStatus', { positionId: id, isArchived: true })).status).toBe(200);
    await rx.waitFor(2);
    expect(rx.received.map((r) => JSON.parse(r.body))).toEqual([
      expect.objectContaining({ type: 'position.published', data: expect.objectContaining({ id, name: 'Webbhookstjänst' }) }),
      expect.objectContaining({ type: 'position.closed', data: expect.objectContaining({ id, isArchived: true }) }),
    ]);
  });

  it('sends position.published when its start passes and position.closed when its stop passes, once each, with nobody saving', async () => {
    const hook = await subscribe(['position.published', 'position.closed']);
    const now = s.deps.now();
    const created = await s.call(admin, 'create_position', {
      containerId: c.id, name: 'Datumtjänst', text: '<p>Text</p>', description: 'Beskrivning', city: 'Luleå',
      start: now + 600, stop: now + 1200, isInternal: false, positionTypeId: c.positionTypes![0]!.id,
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.data.id as number;
    // The scheduled job, run by two instances at each moment: only one announces.
    const at = (t: number) => ({ ...s.deps, now: () => t });
    const job = positionDatesJob();
    const round = async (t: number) => (await Promise.all([job.run(at(t)), job.run(at(t))])).reduce((n, r) => n + r.announced!, 0);
    expect(await round(now + 60)).toBe(0);
    expect(await round(now + 900)).toBe(1);
    // Enqueued at the job's moment: the worker sends it when that moment has come.
    await atNextTry(hook.id);
    await rx.waitFor(1);
    expect(await round(now + 950)).toBe(0);
    expect(await round(now + 1300)).toBe(1);
    await atNextTry(hook.id);
    await rx.waitFor(2);
    expect(await round(now + 1400)).toBe(0);
    const mine = rx.received.map((r) => JSON.parse(r.body)).filter((e) => e.data.id === id);
    expect(mine).toEqual([
      expect.objectContaining({ type: 'position.published', data: expect.objectContaining({ id, name: 'Datumtjänst' }) }),
      expect.objectContaining({ type: 'position.closed', data: expect.objectContaining({ id, isArchived: false }) }),
    ]);
  });

  it('sends application.withdrawn when the candidate withdraws and application.deleted when staff delete', async () => {
    await subscribe(['application.withdrawn', 'application.deleted']);
    const mine = await apply();
    const theirs = await apply();
    const registered = await s.request('POST', '/api/account/register', { email: mine.email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    expect(registered.status).toBe(201);
    const candidate = (await s.request('POST', '/api/account/signin-link/confirm', { token: await mailedToken(s, mine.email) })).body.token as string;
    expect((await s.call(candidate, 'delete_myApplication', { id: mine.id })).status).toBe(200);
    expect((await s.call(admin, 'delete_jobapplication', { id: theirs.id, positionId })).status).toBe(200);
    await rx.waitFor(2);
    expect(rx.received.map((r) => JSON.parse(r.body))).toEqual([
      expect.objectContaining({ type: 'application.withdrawn', data: expect.objectContaining({ id: mine.id, positionId, containerId: c.id }) }),
      expect.objectContaining({ type: 'application.deleted', data: expect.objectContaining({ id: theirs.id, positionId, containerId: c.id }) }),
    ]);
  });
  it('sends application.deleted, without the address, when the GDPR desk erases a person', async () => {
    await subscribe(['application.deleted']);
    const gone = await apply();
    const erased = await s.call(admin, 'delete_ApplicantFromContainer', { containerId: c.id, userId: gone.email });
    expect(erased.status).toBe(200);
    await rx.waitFor(1);
    expect(rx.received.map((r) => JSON.parse(r.body))).toEqual([
      expect.objectContaining({ type: 'application.deleted', data: expect.objectContaining({ id: gone.id, positionId, containerId: c.id }) }),
    ]);
    expect(rx.received[0]!.body).not.toContain(gone.email);
  });

  it('sends application.deleted when the retention period erases an application', async () => {
    const hook = await subscribe(['application.deleted']);
    const old = await apply();
    // Four years on, every application of the demo's positions is past its period (24 months after the close).
    const later = s.deps.now() + 4 * 366 * 24 * 3600;
    const erased = await runRetention({ ...s.deps, now: () => later });
    expect(erased.applications).toBeGreaterThan(0);
    await atNextTry(hook.id);
    await rx.waitFor(erased.applications);
    const bodies = rx.received.map((r) => JSON.parse(r.body) as { type: string; data: { id: number } });
    expect(bodies.find((b) => b.data.id === old.id)).toMatchObject({ type: 'application.deleted', data: { id: old.id, positionId, containerId: c.id } });
    expect(rx.received.map((r) => r.body).join('\n')).not.toContain(old.email);
  });
});
