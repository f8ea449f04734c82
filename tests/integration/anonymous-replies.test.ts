import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { container, insertApplications, label } from './helpers/domain';
import { summerPosition } from './helpers/recruiter';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { startSmtp, type TestSmtp } from './helpers/smtp';

/**
 * Issue 24 item 3, the mail log: an applicant's reply quotes staff's subject as it was mailed,
 * merge values and all ('Re: Hej Förnamn0000'). While the application is anonymous the log on
 * the applicant page keeps neither that subject nor the one staff sent.
 */

describe.each(storeKinds())('replies to an anonymous application on the %s store', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let writer: string;
  let c: ContainerDoc;
  let hidden: ApplicationDoc;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ kind, seed: true, config: { smtpUrl: smtp.url, smtpInboundPort: 0, smtpInboundHost: '127.0.0.1', smtpInboundDomain: 'svar.blankett.test' } });
    writer = await server.login(DEMO.writer);
    c = await container(server);
    const id = await summerPosition(server, writer, c.id, 'Anonymt lager');
    const p = (await server.call(writer, 'get_position', { id })).body.data;
    const set = await server.call(writer, 'update_position', { id, containerId: c.id, name: p.name, start: p.start, stop: p.stop, positionTypeId: p.positionTypeId, anonymous: { untilProcessLabelId: null } });
    expect(set.status, set.text).toBe(200);
    hidden = (await insertApplications(server, p, c, 1, [label(c, 'Ej bedömd')], 'anonym'))[0]!;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('logs the mail and the reply without the name the mail carried', async () => {
    const sent = await server.call(writer, 'send_emailToApplicants', { positionId: hidden.positionId, recipients: [hidden.id], subject: 'Hej {firstname}', body: '<p>Hej {firstname}!</p>' });
    expect(sent.body.data.sent).toEqual([hidden.id]);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe(`Hej ${hidden.info.firstname}`);
    const replyTo = mail!.replyTo && !Array.isArray(mail!.replyTo) ? mail!.replyTo.value[0]!.address! : '';
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.app.inbound!.port, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: hidden.email, to: replyTo, subject: `Re: ${mail!.subject}`, text: 'Tack, jag kommer gärna.' });
    transport.close();
    const logs = async () => (await server.call(writer, 'get_applicantPosition', { id: hidden.id })).body.data.logs as { what: string; text: string }[];
    await expect.poll(async () => (await logs()).map((l) => l.what), { timeout: 10_000 }).toEqual(['email', 'reply']);
    expect(JSON.stringify(await logs())).not.toContain(hidden.info.firstname);
    expect((await logs()).map((l) => l.text)).toEqual(['E-post skickad: Hej {firstname}', 'Svar via e-post: (ämnet visas inte medan ansökan är anonym)']);
  });
});
