import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, otherOrganisation, positions, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { startSmtp, type TestSmtp } from './helpers/smtp';

type Parsed = TestSmtp['mails'][number];
const replyTo = (mail: Parsed) => (mail.replyTo && !Array.isArray(mail.replyTo) ? mail.replyTo.value.map((v) => v.address) : []);
const toOf = (mail: Parsed) => (mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined);

/**
 * Issue 26 item 3: mail from the first application. The demo seed and an organisation that
 * never set up mail confirm an application at once, every mail to an applicant answers to the
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

  it('gives an organisation that never set up mail the Swedish templates at its first application, and confirms it', async () => {
    const other = await otherOrganisation(server, 'utanmallar');
    expect((await server.call(other.token, 'get_emailTemplates', { containerId: other.container.id })).body.data).toEqual([]);
    const [position] = (await positions(server, other.container.id)).filter((p) => !p.isInternal);
    const email = 'forsta.annan@exempel.se';
    expect((await applyTo(server, position!.id, email, validAnswers(email, { form_firstname: 'Ali' }))).status).toBe(201);
    const mail = await mailTo(email, /Tack för din ansökan/);
    expect(mail.text).toContain('Hej Ali!\n\n');
    const list = (await server.call(other.token, 'get_emailTemplates', { containerId: other.container.id })).body.data as unknown[];
    expect(list.length).toBeGreaterThan(0);
    expect((await server.call(other.token, 'get_defaultEmailTemplatesOffer', { containerId: other.container.id })).body.data.offered).toBe(false);
  });

  it('sends nothing from an organisation that said no to the templates', async () => {
    const other = await otherOrganisation(server, 'utanmejl');
    await server.call(other.token, 'answer_defaultEmailTemplatesOffer', { containerId: other.container.id, accept: false });
    const [position] = (await positions(server, other.container.id)).filter((p) => !p.isInternal);
    const email = 'ingen.bekraftelse@exempel.se';
    expect((await applyTo(server, position!.id, email, validAnswers(email))).status).toBe(201);
    // A marker mail sent after the application arrives; a confirmation would have come before it.
    const writer = await server.login(DEMO.writer);
    const [marker] = await server.deps.store.collection<ApplicationDoc>('applications').find({ positionId: open.id }, { limit: 1 });
    await server.call(writer, 'send_email', { applicantId: marker!.id, email: marker!.email, subject: 'Markör', body: '<p>x</p>' });
    await mailTo(marker!.email, /Markör/);
    expect(smtp.mails.filter((m) => toOf(m) === email)).toEqual([]);
    expect(await server.call(other.token, 'get_emailTemplates', { containerId: other.container.id }).then((r) => r.body.data)).toEqual([]);
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
