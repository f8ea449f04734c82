import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { startSmtp, type TestSmtp } from './helpers/smtp';

type Parsed = TestSmtp['mails'][number];
const replyTo = (mail: Parsed) => (mail.replyTo && !Array.isArray(mail.replyTo) ? mail.replyTo.value.map((v) => v.address) : []);
const toOf = (mail: Parsed) => (mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined);

/**
 * Issue 26 item 3: mail from the first application. The demo seed confirms an application at
 * once, every mail to an applicant answers to the
 * organisation, and the plain-text part keeps the template's paragraphs.
 */
describe.each(storeKinds())('mail from the first application on the %s store', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let c: ContainerDoc;
  let open: PositionDoc;

  const mailTo = async (email: string, subject: RegExp) => {
    await expect.poll(() => smtp.mails.some((m) => toOf(m) === email && subject.test(m.subject ?? '')), { timeout: 10_000 }).toBe(true);
    return smtp.mails.find((m) => toOf(m) === email && subject.test(m.subject ?? ''))!;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ kind, seed: true, config: { smtpUrl: smtp.url } });
    ({ container: c, open } = await demoPositions(server));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('confirms a demo application with a Reply-To to the organisation and a plain text that keeps paragraphs', async () => {
    const email = 'forsta@exempel.se';
    expect((await applyTo(server, open.id, email, validAnswers(email, { form_firstname: 'Nora' }))).status).toBe(201);
    const mail = await mailTo(email, /Tack för din ansökan/);
    expect(mail.subject).toBe(`Tack för din ansökan till ${open.name}`);
    expect(replyTo(mail)).toEqual(['rekrytering@demo.test']);
    expect(mail.text).toContain(`Hej Nora!\n\nTack för din ansökan till tjänsten ${open.name} hos Demoföretaget AB.`);
    expect(mail.text).toContain('Du får besked av oss oavsett hur det går.\n\nVänliga hälsningar\nDemoföretaget AB\n\n');
  });

  it('lets the candidate answer the mail that says staff answered in the chat (Reply-To to the organisation)', async () => {
    const email = 'chatt@exempel.se';
    expect((await applyTo(server, open.id, email, validAnswers(email))).status).toBe(201);
    // The candidate follows 'Se din ansökan' in the confirmation.
    const token = /\/signin-link#token=([A-Za-z0-9_-]+)/.exec((await mailTo(email, /Tack för din ansökan/)).text ?? '')![1];
    const candidate = (await server.request('POST', '/api/account/signin-link/confirm', { token })).body.token as string;
    expect((await server.call(candidate, 'send_MessageCommand', { containerId: c.id, message: 'Hej, en fråga om tjänsten' })).status).toBe(200);
    const writer = await server.login(DEMO.writer);
    const channel = ((await server.call(writer, 'get_MessagingChannels', { containerId: c.id })).body.data as { id: number; email: string }[]).find((ch) => ch.email === email)!;
    expect((await server.call(writer, 'send_MessageCommand', { channelId: channel.id, message: 'Hej! Svar kommer.' })).status).toBe(200);
    const mail = await mailTo(email, /har svarat dig/);
    expect(replyTo(mail)).toEqual(['rekrytering@demo.test']);
  });
});
