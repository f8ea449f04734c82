import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, validAnswers } from './helpers/domain';
import { outboxMails } from './helpers/mailbox';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/** GDPR erasure reaches the copies of mail to the person that the outbox keeps (DATA_DIR/outbox, or the mailOutbox collection in Mongo mode). */
describe.each(storeKinds())('erasure and the mail outbox on the %s store', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
  }, 60_000);
  afterAll(() => server?.close());

  const outbox = () => outboxMails(server);

  it('removes the mails sent to the erased person and keeps everyone else’s', async () => {
    const { open } = await demoPositions(server);
    const gone = 'glomd.person@example.se';
    const kept = 'kvar.person@example.se';
    const a = await applyTo(server, open.id, gone, validAnswers(gone));
    const b = await applyTo(server, open.id, kept, validAnswers(kept));
    expect([a.status, b.status]).toEqual([201, 201]);
    const writer = await server.login(DEMO.writer);
    for (const [id, email] of [[a.body.data.id, gone], [b.body.data.id, kept]] as const) {
      const sent = await server.call(writer, 'send_email', { applicantId: id, email, subject: 'Tack för din ansökan', body: '<p>Hej!</p>' });
      expect(sent.status).toBe(200);
    }
    expect((await outbox()).filter((m) => m.includes(gone)).length).toBeGreaterThan(0);
    const admin = await server.login(DEMO.admin);
    const erased = await server.call(admin, 'delete_ApplicantFromContainer', { containerId: open.containerId, userId: gone });
    expect(erased.status).toBe(200);
    expect((await outbox()).filter((m) => m.toLowerCase().includes(gone))).toEqual([]);
    expect((await outbox()).filter((m) => m.includes(kept)).length).toBeGreaterThan(0);
  });
});
