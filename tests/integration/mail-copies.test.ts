import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileMailer } from '../../server/mail';
import { MAIL_OUTBOX } from '../../server/mail/store-outbox';
import { sendAbout } from '../../server/domain/mail/mail-copies';
import type { ApplicationDoc } from '../../server/domain/core/docs';
import type { MailCopy } from '../../schemas/generated/entities';
import type { Doc } from '../../server/store/port';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, validAnswers } from './helpers/domain';
import { outboxMails } from './helpers/mailbox';
import { startTestServer, type TestServer } from './helpers/server';

const EMAIL = 'kopia@example.se';
const mail = { to: EMAIL, subject: 'Om din ansökan', text: 'Hej!' };

describe.each(storeKinds())('a kept copy of a mail about an application, on the %s store', (kind) => {
  let server: TestServer;
  let ref: { containerId: number; applicationId: number };
  const copies = () => server.deps.store.collection<MailCopy & Doc>('mailCopies');
  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    const { open } = await demoPositions(server);
    await applyTo(server, open.id, EMAIL, validAnswers(EMAIL));
    const a = await server.deps.store.collection<ApplicationDoc>('applications').findOne({ email: EMAIL });
    ref = { containerId: a!.containerId, applicationId: a!.id };
    // The confirmation goes out after the answer: wait for its copy, so it is not counted as one of the tests'.
    for (const until = Date.now() + 15_000; (await copies().count({ applicationId: ref.applicationId })) === 0; ) {
      if (Date.now() > until) throw new Error('the confirmation mail was never kept');
      await new Promise((r) => setTimeout(r, 20));
    }
  }, 60_000);
  afterAll(() => server?.close());

  it('is recorded before it is written: when the record cannot be stored, no copy is left that no removal would find', async () => {
    const before = (await outboxMails(server)).length;
    // The next record's id is taken already, so storing the record fails.
    const next = (await server.deps.store.nextSequence('mailCopies')) + 1;
    await copies().insertOne({ id: next, containerId: ref.containerId, applicationId: -1, copy: 'upptagen', subject: '', to: '', created: 0 });
    try {
      await expect(sendAbout(server.deps, ref, mail)).rejects.toThrow();
      // Before, the copy was written first and stayed, with no record pointing at it.
      expect((await outboxMails(server)).length).toBe(before);
    } finally {
      await copies().deleteOne({ id: next });
    }
  });

  it('takes the record back when the copy cannot be written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blankett-outbox-'));
    // 'outbox' is a file, so the mailer cannot make its folder.
    writeFileSync(join(dir, 'outbox'), '');
    const before = await copies().count({ applicationId: ref.applicationId });
    try {
      await expect(sendAbout({ ...server.deps, mail: createFileMailer(dir) }, ref, mail)).rejects.toThrow();
      expect(await copies().count({ applicationId: ref.applicationId })).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('records the copy under the name it is kept by', async () => {
    await sendAbout(server.deps, ref, mail);
    const rows = await copies().find({ applicationId: ref.applicationId }, { sort: { id: -1 }, limit: 1 });
    const copy = rows[0]!.copy;
    if (kind === 'embedded') expect(existsSync(join(server.config.dataDir, 'outbox', copy))).toBe(true);
    else expect(await server.deps.store.collection(MAIL_OUTBOX).count({ name: copy })).toBe(1);
  });
});
