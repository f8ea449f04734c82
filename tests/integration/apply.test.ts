import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ApplicationDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, validAnswers } from './helpers/domain';
import { startTestServer, type TestServer } from './helpers/server';

describe.each(storeKinds())('public apply on the %s store', (kind) => {
  let server: TestServer;
  let open: PositionDoc;
  let internal: PositionDoc;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ open, internal } = await demoPositions(server));
  });
  afterAll(() => server?.close());

  const stored = (positionId: number, email: string) =>
    server.deps.store.collection<ApplicationDoc>('applications').findOne({ positionId, email });

  it('stores a valid application and answers 201 with its id and the first name', async () => {
    const r = await applyTo(server, open.id, 'Anna.Svensson@Example.se', validAnswers('anna.svensson@example.se'));
    expect(r.status).toBe(201);
    expect(r.body.data).toEqual({ id: expect.any(Number), firstname: 'Anna' });
    const doc = await stored(open.id, 'anna.svensson@example.se');
    expect(doc?.id).toBe(r.body.data.id);
    expect(doc?.formVersion).toBe(open.formVersion);
    expect(doc?.info).toMatchObject({ firstname: 'Anna', lastname: 'Svensson', city: 'Stockholm', dateOfBirth: '1990-01-01' });
    expect(doc?.logs[0]?.what).toBe('created');
    // The demo organisation confirms the application (its default templates) and logs the mail.
    await expect.poll(async () => (await stored(open.id, 'anna.svensson@example.se'))?.logs.map((l) => l.what)).toEqual(['created', 'email']);
  });

  it('keeps only the answers of the form and drops keys the form does not have', async () => {
    const r = await applyTo(server, open.id, 'extra@example.se', validAnswers('extra@example.se', { isAdmin: true, role: 'odin' }));
    expect(r.status).toBe(201);
    const doc = await stored(open.id, 'extra@example.se');
    expect(doc?.metadata).not.toHaveProperty('isAdmin');
    expect(doc?.metadata).not.toHaveProperty('role');
  });

  it('refuses invalid answers with the Swedish message at each failing key and stores nothing', async () => {
    const answers = validAnswers('fel@example.se', { form_ssn: '199001011234', form_agreement: false, form_firstname: '' });
    const r = await applyTo(server, open.id, 'fel@example.se', answers);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid');
    const byKey = Object.fromEntries((r.body.error.details as { key: string; message: string }[]).map((d) => [d.key, d.message]));
    expect(byKey.form_ssn).toBe(sv.validators.ssnValidSwe);
    expect(byKey.form_agreement).toBe(sv.validators.approved);
    expect(byKey).toHaveProperty('form_firstname');
    expect(await stored(open.id, 'fel@example.se')).toBeNull();
  });

  it('answers 409 duplicate_application with the spec message on a second application with the same email', async () => {
    const first = await applyTo(server, open.id, 'tva@example.se', validAnswers('tva@example.se'));
    expect(first.status).toBe(201);
    const second = await applyTo(server, open.id, 'TVA@example.se', validAnswers('tva@example.se'));
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'duplicate_application', message: 'Enligt våra noteringar har du redan gjort en ansökan till tjänsten.' });
  });

  it('lets exactly one of two simultaneous applications with the same email through', async () => {
    const answers = validAnswers('samtidigt@example.se');
    const replies = await Promise.all([
      applyTo(server, open.id, 'samtidigt@example.se', answers),
      applyTo(server, open.id, 'samtidigt@example.se', answers),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await server.deps.store.collection('applications').count({ positionId: open.id, email: 'samtidigt@example.se' })).toBe(1);
  });

  it('refuses a closed position with 409 position_closed and a Swedish message', async () => {
    const now = server.deps.now();
    await server.deps.store.collection('positions').updateOne({ id: open.id }, { $set: { stop: now - 60 } });
    try {
      const r = await applyTo(server, open.id, 'sen@example.se', validAnswers('sen@example.se'));
      expect(r.status).toBe(409);
      expect(r.body.error).toEqual({ code: 'position_closed', message: sv.domain.positionClosed });
    } finally {
      await server.deps.store.collection('positions').updateOne({ id: open.id }, { $set: { stop: open.stop } });
    }
  });

  it('refuses a position that has not opened yet', async () => {
    const now = server.deps.now();
    await server.deps.store.collection('positions').updateOne({ id: open.id }, { $set: { start: now + 3600 } });
    try {
      const r = await applyTo(server, open.id, 'tidig@example.se', validAnswers('tidig@example.se'));
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('position_closed');
    } finally {
      await server.deps.store.collection('positions').updateOne({ id: open.id }, { $set: { start: open.start } });
    }
  });

  it('refuses an archived position even while its dates are open', async () => {
    await server.deps.store.collection('positions').updateOne({ id: open.id }, { $set: { isArchived: true } });
    try {
      const r = await applyTo(server, open.id, 'arkiv@example.se', validAnswers('arkiv@example.se'));
      expect(r.status).toBe(409);
      expect(r.body.error).toEqual({ code: 'position_closed', message: sv.domain.positionArchived });
    } finally {
      await server.deps.store.collection('positions').updateOne({ id: open.id }, { $set: { isArchived: false } });
    }
  });

  it('accepts an application to an internal position by its guid and by the numeric id the guid page returned', async () => {
    const page = await server.request('GET', `/api/public/positions/${internal.linkId}`);
    expect(page.status).toBe(200);
    const byGuid = await applyTo(server, internal.linkId, 'intern1@example.se', validAnswers('intern1@example.se'));
    expect(byGuid.status).toBe(201);
    const byId = await applyTo(server, page.body.data.id, 'intern2@example.se', validAnswers('intern2@example.se'));
    expect(byId.status).toBe(201);
    expect(await stored(internal.id, 'intern1@example.se')).not.toBeNull();
  });

  it('answers 404 for an unknown position and 400 for a malformed body', async () => {
    expect((await applyTo(server, 999_999, 'x@example.se', validAnswers('x@example.se'))).status).toBe(404);
    const wrongAction = await server.request('POST', '/api/public/positions/apply', { action: 'delete_position', data: { id: open.id } });
    expect(wrongAction.status).toBe(400);
    const operator = await server.request('POST', '/api/public/positions/apply', {
      action: 'create_jobApplication',
      data: { email: 'op@example.se', positionId: { $gt: 0 }, metadata: {} },
    });
    expect(operator.status).toBe(400);
    const proto = await server.request(
      'POST',
      '/api/public/positions/apply',
      `{"action":"create_jobApplication","data":{"email":"p@example.se","positionId":${open.id},"metadata":{"__proto__":{"x":1}}}}`,
    );
    expect(proto.status).toBe(400);
    expect(await stored(open.id, 'op@example.se')).toBeNull();
    expect(await stored(open.id, 'p@example.se')).toBeNull();
  });

  it('refuses an email that is not an address', async () => {
    const r = await applyTo(server, open.id, 'inte-en-adress', validAnswers('inte-en-adress'));
    expect(r.status).toBe(400);
    // At the form's E-post field, where the page shows it (issue 26).
    expect(r.body.error.details).toContainEqual(expect.objectContaining({ key: 'form_email', message: 'Email är inte giltigt format' }));
  });
});
