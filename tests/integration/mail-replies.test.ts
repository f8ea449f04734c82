import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { demoPositions, insertApplications, label } from './helpers/domain';
import { reply, refusalCode } from './helpers/replies';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { startSmtp, type TestSmtp } from './helpers/smtp';

const DOMAIN = 'svar.blankett.test';
const REPLY_ADDRESS = new RegExp(`^svar\\+([a-z2-7]{26})@${DOMAIN.replace(/\./g, '\\.')}$`);

type Parsed = TestSmtp['mails'][number];
const addressesOf = (field: Parsed['replyTo'] | Parsed['from']) => (field && !Array.isArray(field) ? field.value : []);

describe.each(storeKinds())('replies to mail sent to applicants on the %s store', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let writer: string;
  let c: ContainerDoc;
  let position: PositionDoc;
  let people: ApplicationDoc[];
  let inboundPort: number;

  /** Sends staff's mail to one applicant and answers the mail as it arrived. */
  async function mailTo(a: ApplicationDoc, subject = 'Intervju') {
    smtp.mails.length = 0;
    const r = await server.call(writer, 'send_email', { applicantId: a.id, email: a.email, subject, body: '<p>Hej {firstname}, kan du komma på intervju?</p>' });
    expect(r.status, r.text).toBe(200);
    const [mail] = await smtp.waitFor(1);
    return mail!;
  }

  const replyAddressOf = (mail: Parsed) => addressesOf(mail.replyTo)[0]!.address!;

  async function conversationOf(email: string) {
    const list = await server.call(writer, 'get_MessagingChannels', { containerId: c.id });
    const channel = list.body.data.find((ch: { email: string }) => ch.email === email);
    if (!channel) return [];
    return (await server.call(writer, 'get_channelMessages', { channelId: channel.id })).body.data.messages as { from: string; text: string; via?: string }[];
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ kind, seed: true, config: { smtpUrl: smtp.url, smtpInboundPort: 0, smtpInboundHost: '127.0.0.1', smtpInboundDomain: DOMAIN } });
    inboundPort = server.app.inbound!.port;
    writer = await server.login(DEMO.writer);
    ({ container: c, open: position } = await demoPositions(server));
    people = await insertApplications(server, position, c, 6, [label(c, 'Ej bedömd')], 'svar');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('sends mail to an applicant in the organisation’s name with an unguessable per-application Reply-To', async () => {
    const [a, b] = people;
    const first = await mailTo(a!);
    const from = addressesOf(first.from)[0]!;
    expect(from).toEqual({ name: 'Demoföretaget AB', address: 'no-reply@blankett.local' });
    const token = REPLY_ADDRESS.exec(replyAddressOf(first))?.[1];
    expect(token, replyAddressOf(first)).toBeDefined();
    expect(token).not.toContain(String(a!.id));
    // The same application keeps its address; another application gets its own.
    expect(replyAddressOf(await mailTo(a!, 'Igen'))).toBe(replyAddressOf(first));
    expect(replyAddressOf(await mailTo(b!))).not.toBe(replyAddressOf(first));
  });

  it('puts a reply sent over SMTP to the Reply-To into the applicant’s conversation and log, without the quoted mail, and rings the bell', async () => {
    const a = people[0]!;
    const to = replyAddressOf(await mailTo(a));
    const bellBefore = await server.deps.store.collection('notifications').count({ containerId: c.id, type: 'send_MessageCommand', 'data.id': a.id });
    const sent = await reply(inboundPort, {
      from: `${a.info.name} <${a.email}>`,
      to,
      text: 'Tack, jag kommer gärna på tisdag!\n\nDen 3 maj 2026 kl. 10:00 skrev Demoföretaget AB <no-reply@blankett.local>:\n> Hej, kan du komma på intervju?',
    });
    expect(sent.accepted).toEqual([to]);
    const messages = await conversationOf(a.email);
    expect(messages.at(-1)).toMatchObject({ from: 'candidate', text: 'Tack, jag kommer gärna på tisdag!', via: 'email' });
    const stored = await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id: a.id });
    expect(stored!.logs.map((l) => l.text)).toContain('Svar via e-post: Re: Intervju');
    expect(await server.deps.store.collection('notifications').count({ containerId: c.id, type: 'send_MessageCommand', 'data.id': a.id })).toBe(bellBefore + 1);
  });

  it('keeps only the text of an HTML reply: no markup, no script', async () => {
    const a = people[1]!;
    const to = replyAddressOf(await mailTo(a));
    await reply(inboundPort, { from: a.email, to, html: '<p>Hej <b>där</b>!</p><script>alert("x")</script><p>Jag har frågor.</p>' });
    const last = (await conversationOf(a.email)).at(-1)!;
    expect(last.text).toContain('Hej där!');
    expect(last.text).toContain('Jag har frågor.');
    expect(last.text).not.toMatch(/<|script|alert/);
  });

  it('refuses a forged or unknown reply address at RCPT TO with 550 and stores nothing', async () => {
    const a = people[2]!;
    await mailTo(a);
    const before = await server.deps.store.collection('chatMessages').count({});
    for (const to of [`svar+${'a'.repeat(26)}@${DOMAIN}`, `svar+${a.id}@${DOMAIN}`, `${a.id}@${DOMAIN}`, `svar+${'b'.repeat(26)}@annan.test`]) {
      expect(await refusalCode(reply(inboundPort, { from: a.email, to, text: 'Hej' })), to).toBe(550);
    }
    expect(await server.deps.store.collection('chatMessages').count({})).toBe(before);
  });

  it('refuses a reply from an address other than the applicant’s, and logs no address', async () => {
    const a = people[3]!;
    const to = replyAddressOf(await mailTo(a));
    const before = await server.deps.store.collection('chatMessages').count({});
    expect(await refusalCode(reply(inboundPort, { from: 'inkraktare@exempel.se', to, text: 'Jag låtsas vara sökanden' }))).toBe(550);
    expect(await server.deps.store.collection('chatMessages').count({})).toBe(before);
    const refusedLines = server.logs.filter((l) => l.includes('sender is not the applicant'));
    expect(refusedLines.length).toBeGreaterThan(0);
    expect(server.logs.join('\n')).not.toContain('inkraktare');
    expect(refusedLines.join('\n')).not.toContain(a.email);
  });

  it('refuses a reply over 1 MB with 552, announced or not', async () => {
    const a = people[3]!;
    const to = replyAddressOf(await mailTo(a));
    const big = 'x'.repeat(76) + '\r\n';
    const raw = `From: ${a.email}\r\nTo: ${to}\r\nSubject: stort\r\n\r\n${big.repeat(Math.ceil((2 * 1024 * 1024) / big.length))}`;
    expect(await refusalCode(reply(inboundPort, { from: a.email, to, raw }))).toBe(552);
    expect((await conversationOf(a.email)).some((m) => m.text.startsWith('xxxx'))).toBe(false);
  });

  it('refuses a reply to a withdrawn or deleted application', async () => {
    const a = people[4]!;
    const to = replyAddressOf(await mailTo(a));
    expect((await server.call(writer, 'delete_jobapplication', { positionId: position.id, id: a.id })).status).toBe(200);
    expect(await server.deps.store.collection('replyAddresses').count({ applicationId: a.id })).toBe(0);
    expect(await refusalCode(reply(inboundPort, { from: a.email, to, text: 'Hej, finns ni kvar?' }))).toBe(550);
    expect(await conversationOf(a.email)).toEqual([]);
  });

  it('mails the candidate a link to Mina sidor, without the text, when staff answer in the chat; once per unread run', async () => {
    const a = people[0]!;
    const list = await server.call(writer, 'get_MessagingChannels', { containerId: c.id });
    const channel = list.body.data.find((ch: { email: string }) => ch.email === a.email);
    smtp.mails.length = 0;
    expect((await server.call(writer, 'send_MessageCommand', { channelId: channel.id, message: 'Hemligt svar: tisdag kl 10' })).status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(addressesOf(mail!.to as Parsed['from'])[0]!.address).toBe(a.email);
    expect(mail!.subject).toBe('Demoföretaget AB har svarat dig');
    expect(mail!.text).toContain(`/admin/minasidor?org=${c.id}`);
    expect(mail!.text).not.toContain('Hemligt');
    expect((await server.call(writer, 'send_MessageCommand', { channelId: channel.id, message: 'Och en sak till' })).status).toBe(200);
    // The second answer, unread like the first, sends nothing more (a later mail would arrive first).
    await server.call(writer, 'send_email', { applicantId: people[5]!.id, email: people[5]!.email, subject: 'Markör', body: '<p>x</p>' });
    await smtp.waitFor(2);
    expect(smtp.mails.map((m) => m.subject)).toEqual(['Demoföretaget AB har svarat dig', 'Markör']);
  });
});

describe.each(storeKinds())('mail to applicants without inbound mail on the %s store', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ kind, seed: true, config: { smtpUrl: smtp.url } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('answers to the organisation’s contact email and opens no SMTP port', async () => {
    expect(server.app.inbound).toBeUndefined();
    const { container: c, open } = await demoPositions(server);
    await server.deps.store.collection('containers').updateOne({ id: c.id }, { $set: { 'profile.email': 'rekrytering@demo.test' } });
    const [a] = await insertApplications(server, open, c, 1, [label(c, 'Ej bedömd')], 'utan');
    const writer = await server.login(DEMO.writer);
    expect((await server.call(writer, 'send_email', { applicantId: a!.id, email: a!.email, subject: 'Hej', body: '<p>Hej</p>' })).status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(addressesOf(mail!.replyTo)).toEqual([{ name: '', address: 'rekrytering@demo.test' }]);
    expect(addressesOf(mail!.from)[0]!.name).toBe('Demoföretaget AB');
    expect(await server.deps.store.collection('replyAddresses').count({})).toBe(0);
  });
});
