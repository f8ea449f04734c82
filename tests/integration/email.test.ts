import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import type { EmailLogEntry } from '../../server/domain/mail/email';
import { storeKinds } from '../setup/stores';
import { applyTo, container, demoPositions, insertApplications, label, otherOrganisation, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { startSmtp, type TestSmtp } from './helpers/smtp';

const app = (server: TestServer, id: number) => server.deps.store.collection<ApplicationDoc>('applications').findOne({ id });
const emailLogs = async (server: TestServer, id: number) =>
  ((await app(server, id))?.logs ?? []).filter((l): l is EmailLogEntry => l.what === 'email');

describe.each(storeKinds())('mail to applicants over SMTP on the %s store', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let writer: string;
  let reader: string;
  let c: ContainerDoc;
  let position: PositionDoc;
  let people: ApplicationDoc[];

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ kind, seed: true, config: { smtpUrl: smtp.url } });
    writer = await server.login(DEMO.writer);
    reader = await server.login(DEMO.reader);
    ({ container: c, open: position } = await demoPositions(server));
    people = await insertApplications(server, position, c, 4, [label(c, 'Ej bedömd')], 'epost');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('delivers one mail per recipient with the merge fields filled everywhere, in UTF-8, and logs each send', async () => {
    smtp.mails.length = 0;
    const [a, b] = people;
    const r = await server.call(writer, 'send_emailToApplicants', {
      positionId: position.id,
      recipients: [a!.id, b!.id],
      subject: 'Hej {firstname}, om {position}',
      body: '<p>Hej {firstname}!</p><p>Vi på {company} hörs snart, {firstname}. Åäö é.</p><script>alert(1)</script>',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.sent.sort()).toEqual([a!.id, b!.id].sort());
    expect(r.body.data.failed).toEqual([]);
    const mails = await smtp.waitFor(2);
    const toA = mails.find((m) => m.subject?.includes(a!.info.firstname))!;
    expect(toA.subject).toBe(`Hej ${a!.info.firstname}, om ${position.name}`);
    expect(toA.text).toContain(`Hej ${a!.info.firstname}!`);
    expect(toA.text).toContain(`Vi på Demoföretaget AB hörs snart, ${a!.info.firstname}. Åäö é.`);
    expect(toA.html).not.toContain('<script');
    expect(toA.html).not.toContain('{firstname}');
    expect((toA.to as { value: { address: string }[] }).value[0]!.address).toBe(a!.email);
    const logs = await emailLogs(server, a!.id);
    expect(logs).toHaveLength(1);
    // The log keeps the template without the person's merge values (issue 24: it is read on anonymous applications too).
    const logged = `Hej {firstname}, om ${position.name}`;
    expect(logs[0]).toMatchObject({ ok: true, subject: logged, by: expect.any(String), text: `E-post skickad: ${logged}` });
  });

  it('sends one mail to one applicant with send_email and records emailNotificationSent for a label template', async () => {
    smtp.mails.length = 0;
    const a = people[2]!;
    const r = await server.call(writer, 'send_email', {
      applicantId: a.id,
      email: a.email,
      subject: 'Intervju',
      body: '<p>Välkommen {name}</p>',
      labelId: label(c, 'Intressant'),
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ sent: [a.id], failed: [], missingEmail: [] });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.text).toBe(`Välkommen ${a.info.name}`);
    expect(typeof (await app(server, a.id))!.info.emailNotificationSent).toBe('number');
  });

  it('reports an applicant without an email address by name and sends to the others', async () => {
    smtp.mails.length = 0;
    const [a, , , d] = people;
    await server.deps.store.collection('applications').updateOne({ id: d!.id }, { $set: { email: '' } });
    const r = await server.call(writer, 'send_emailToApplicants', { positionId: position.id, recipients: [a!.id, d!.id], subject: 'Info', body: 'Hej' });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ sent: [a!.id], failed: [], missingEmail: [{ id: d!.id, name: d!.info.name }] });
    await smtp.waitFor(1);
    expect(await emailLogs(server, d!.id)).toEqual([]);
  });

  it('logs a refused send with the mail, answers it as failed, and the same mail can be sent again', async () => {
    smtp.mails.length = 0;
    const b = people[1]!;
    smtp.refuse = true;
    const r = await server.call(writer, 'send_emailToApplicants', { positionId: position.id, recipients: [b.id], subject: 'Erbjudande', body: '<p>Hej {firstname}</p>' });
    smtp.refuse = false;
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ sent: [], failed: [{ id: b.id, name: b.info.name }], missingEmail: [] });
    const failed = (await emailLogs(server, b.id)).at(-1)!;
    expect(failed).toMatchObject({ ok: false, subject: 'Erbjudande', text: 'E-post kunde inte skickas: Erbjudande' });
    expect(failed.body).toContain('Hej {firstname}');
    expect(failed.body).not.toContain(b.info.firstname);
    // 'Skicka igen' sends the logged mail once more, filled again from the application.
    const again = await server.call(writer, 'send_email', { applicantId: b.id, email: b.email, subject: failed.subject, body: failed.body });
    expect(again.body.data.sent).toEqual([b.id]);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.text).toBe(`Hej ${b.info.firstname}`);
    expect((await emailLogs(server, b.id)).at(-1)).toMatchObject({ ok: true });
  });

  it('logs a failed send while the mail server is down and delivers after it is back', async () => {
    smtp.mails.length = 0;
    const a = people[0]!;
    await smtp.stop();
    let r;
    try {
      r = await server.call(writer, 'send_email', { applicantId: a.id, email: a.email, subject: 'Nere', body: 'Text' });
    } finally {
      await smtp.start();
    }
    expect(r.status).toBe(200);
    expect(r.body.data.failed).toEqual([{ id: a.id, name: a.info.name }]);
    expect((await emailLogs(server, a.id)).at(-1)).toMatchObject({ ok: false, subject: 'Nere' });
    const again = await server.call(writer, 'send_email', { applicantId: a.id, email: a.email, subject: 'Nere', body: 'Text' });
    expect(again.body.data.sent).toEqual([a.id]);
    await smtp.waitFor(1);
  }, 30_000);

  it('refuses recipients outside the position, readers and other organisations, and sends nothing', async () => {
    smtp.mails.length = 0;
    const other = await otherOrganisation(server, `annan${kind}`);
    const [foreign] = await insertApplications(server, (await demoPositions(server)).internal, c, 1, [label(c, 'Ej bedömd')], 'intern');
    const outside = await server.call(writer, 'send_emailToApplicants', { positionId: position.id, recipients: [people[0]!.id, foreign!.id], subject: 'X', body: 'Y' });
    expect(outside.status).toBe(404);
    const asReader = await server.call(reader, 'send_email', { applicantId: people[0]!.id, email: people[0]!.email, subject: 'X', body: 'Y' });
    expect(asReader.status).toBe(403);
    const fromOther = await server.call(other.token, 'send_email', { applicantId: people[0]!.id, email: people[0]!.email, subject: 'X', body: 'Y' });
    expect(fromOther.status).toBe(404);
    const empty = await server.call(writer, 'send_email', { applicantId: people[0]!.id, email: people[0]!.email, subject: 'X', body: '<p> </p>' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Skriv ett meddelande.');
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.mails).toHaveLength(0);
  });

  it('keeps email templates per label and position type, sanitised, and refuses a label of another organisation', async () => {
    const typeId = position.positionTypeId;
    const interesting = label(c, 'Intressant');
    const first = await server.call(writer, 'update_containerTemplate', {
      containerId: c.id, positionTypeId: typeId, labelId: interesting, name: 'Intressant', subject: 'Hej {firstname}', content: '<p>Vi gillar dig</p><img src=x onerror=alert(1)>',
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ labelId: interesting, positionTypeId: typeId, subject: 'Hej {firstname}', content: '<p>Vi gillar dig</p>' });
    const second = await server.call(writer, 'update_containerTemplate', {
      containerId: c.id, positionTypeId: typeId, labelId: interesting, name: 'Intressant', subject: 'Hej igen {firstname}', content: '<p>Ny text</p>',
    });
    expect(second.body.data.id).toBe(first.body.data.id);
    const dup = await server.call(writer, 'add_emailTemplate', { containerId: c.id, positionTypeId: typeId, labelId: interesting, subject: 'A', content: 'B' });
    expect(dup.status).toBe(409);
    const list = await server.call(reader, 'get_emailTemplates', { containerId: c.id, positionTypeId: typeId, labelId: interesting });
    expect(list.body.data).toEqual([expect.objectContaining({ subject: 'Hej igen {firstname}', content: '<p>Ny text</p>' })]);
    // A Process level has its template too (issue 26, tests/integration/pipeline.test.ts); a label of another organisation has none.
    const foreign = Math.max(...c.labels!.map((l) => l.id)) + 1000;
    const elsewhere = await server.call(writer, 'update_containerTemplate', { containerId: c.id, positionTypeId: typeId, labelId: foreign, subject: 'A', content: 'B' });
    expect(elsewhere.status).toBe(400);
    expect((await server.call(reader, 'update_containerTemplate', { containerId: c.id, positionTypeId: typeId, labelId: interesting, subject: 'A', content: 'B' })).status).toBe(403);
    const props = await server.call(reader, 'get_TemplateProperties', {});
    expect(props.body.data.map((p: { key: string }) => p.key)).toEqual(expect.arrayContaining(['firstname', 'lastname', 'position', 'company']));
  });

  it('mails the confirmation template after applying, and an application succeeds while the mail server is down', async () => {
    smtp.mails.length = 0;
    const fresh = await container(server);
    await server.call(writer, 'update_containerTemplate', {
      containerId: fresh.id, positionTypeId: position.positionTypeId, labelId: label(fresh, 'Ej bedömd'), subject: 'Tack för din ansökan, {firstname}', content: '<p>Vi har fått din ansökan till {position}.</p>',
    });
    const ok = await applyTo(server, position.id, 'bekrafta@example.se', validAnswers('bekrafta@example.se'));
    expect(ok.status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Tack för din ansökan, Anna');
    // The template's text, then 'Se din ansökan': a sign-in link for the address (issue 15).
    expect(mail!.text).toMatch(new RegExp(`^Vi har fått din ansökan till ${position.name}\\.\\n\\nSe din ansökan: http://\\S+/signin-link#token=[A-Za-z0-9_-]{43}&email=bekrafta%40example\\.se\\n`));
    await expect.poll(async () => (await emailLogs(server, ok.body.data.id)).map((l) => l.text)).toEqual(['Bekräftelse skickad: Tack för din ansökan, {firstname}']);

    await smtp.stop();
    try {
      const down = await applyTo(server, position.id, 'nere@example.se', validAnswers('nere@example.se'));
      expect(down.status).toBe(201);
      await expect.poll(async () => (await emailLogs(server, down.body.data.id)).map((l) => l.ok), { timeout: 15_000 }).toEqual([false]);
    } finally {
      await smtp.start();
    }
  }, 30_000);
});
