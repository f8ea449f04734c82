import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { CANDIDATE_MESSAGES_PER_CONVERSATION } from '../../server/domain/chat/chat';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, label, personnummer, validAnswers } from './helpers/domain';
import { mailedToken } from './helpers/mailbox';
import { DEMO, TEST_PASSWORD, startTestServer, type Reply, type TestServer } from './helpers/server';

const SARA = 'sara.sokande@exempel.se';
const OLLE = 'olle.annan@exempel.se';

describe.each(storeKinds())('candidate area and messages on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let internal: PositionDoc;
  let sara: string;
  let olle: string;
  let writer: string;
  const ids: number[] = [];

  // A candidate registers, then proves the address by following the link mailed to it
  // (issue 15): until then the candidate area shows them nothing (candidate-proof.test.ts).
  async function registerAndLogin(email: string) {
    const r = await server.request('POST', '/api/account/register', { email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    expect(r.status).toBe(201);
    return server.request('POST', '/api/account/signin-link/confirm', { token: await mailedToken(server, email) }).then((c) => c.body.token as string);
  }

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open, internal } = await demoPositions(server));
    for (const [p, email, ssn] of [[open, SARA, '19950505'], [internal, SARA, '19950505'], [open, OLLE, '19960606']] as const) {
      const r = await applyTo(server, p.id, email, validAnswers(email, { form_ssn: personnummer(ssn) }));
      expect(r.status, r.text).toBe(201);
      ids.push(r.body.data.id);
    }
    sara = await registerAndLogin(SARA);
    olle = await registerAndLogin(OLLE);
    writer = await server.login(DEMO.writer);
    await server.call(writer, 'update_jobApplicationProcess', { labelId: label(c, 'Intervju'), ids: [ids[0]] });
  });
  afterAll(() => server?.close());

  it('shows a candidate their own applications with their Process status, never the Interest label', async () => {
    expect((await server.call(sara, 'get_myContainers', {})).body.data).toEqual([{ id: c.id, name: 'demo', displayName: 'Demoföretaget AB' }]);
    const r = await server.call(sara, 'get_applicantPositions', { containerId: c.id, email: SARA });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.map((a: { id: number }) => a.id).sort()).toEqual([ids[0], ids[1]].sort());
    const first = r.body.data.find((a: { id: number }) => a.id === ids[0]);
    expect(first.labels.map((l: { name: string }) => l.name)).toEqual(['Intervju']);
    // Nothing staff-internal: no Interest label id, no notes or their count (candidate-application.json).
    for (const a of r.body.data) {
      expect(a.own).toBe(true);
      for (const key of ['interestLabelId', 'notesCount', 'notes', 'logs', 'userId']) expect(a, key).not.toHaveProperty(key);
      expect(JSON.stringify(a)).not.toContain('Interest');
    }
    // Staff asking for the same email still get the full list item.
    const staff = await server.call(writer, 'get_applicantPositions', { containerId: c.id, email: SARA });
    expect(staff.body.data[0]).toHaveProperty('interestLabelId');
    expect(staff.body.data[0]).toHaveProperty('notesCount');
    expect(staff.body.data[0]).not.toHaveProperty('own');
  });

  it('refuses a candidate another person’s applications, conversation or withdrawal', async () => {
    expect((await server.call(sara, 'get_applicantPositions', { containerId: c.id, email: OLLE })).status).toBe(403);
    expect((await server.call(sara, 'delete_myApplication', { id: ids[2] })).status).toBe(404);
    expect((await server.call(sara, 'get_applicantPosition', { id: ids[2] })).status).toBe(404);
    const ch = await server.call(olle, 'send_MessageCommand', { containerId: c.id, message: 'Hej från Olle' });
    expect(ch.status).toBe(200);
    expect((await server.call(sara, 'get_channelMessages', { channelId: ch.body.data.channelId })).status).toBe(404);
    expect((await server.call(sara, 'send_MessageCommand', { channelId: ch.body.data.channelId, message: 'smyger in' })).status).toBe(404);
    const mine = await server.call(sara, 'get_MessagingChannels', { containerId: c.id });
    expect(mine.body.data).toEqual([]);
  });

  it('refuses a message to an organisation the candidate never applied to', async () => {
    const other = (await server.call(await server.login(DEMO.odin), 'create_container', { name: 'annatbolag' })).body.data.id;
    expect((await server.call(sara, 'send_MessageCommand', { containerId: other, message: 'Hej' })).status).toBe(404);
  });

  it('refuses an empty message and one over 4,000 characters with a Swedish message, storing nothing', async () => {
    const before = await server.deps.store.collection('chatMessages').count({});
    const long = await server.call(sara, 'send_MessageCommand', { containerId: c.id, message: 'x'.repeat(4001) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Meddelandet får vara högst 4 000 tecken.');
    expect((await server.call(sara, 'send_MessageCommand', { containerId: c.id, message: '   ' })).body.error.message).toBe('Skriv ett meddelande.');
    expect(await server.deps.store.collection('chatMessages').count({})).toBe(before);
  });

  it('refuses a candidate\'s messages beyond the hourly limit of a conversation with 429 and a Swedish message, storing nothing', async () => {
    const mine = () => server.deps.store.collection('chatMessages').count({ from: 'candidate', authorId: olleId });
    const olleId = (await server.call(olle, 'get_myContainers', {})).status === 200 ? (await server.deps.store.collection<{ id: number }>('users').findOne({ email: OLLE }))!.id : 0;
    let refused: Reply | undefined;
    for (let i = 0; i < CANDIDATE_MESSAGES_PER_CONVERSATION + 5 && !refused; i++) {
      const r = await server.call(olle, 'send_MessageCommand', { containerId: c.id, message: `Fråga ${i}` });
      if (r.status !== 200) refused = r;
    }
    expect([refused?.status, refused?.body.error.code, refused?.body.error.message]).toEqual([429, 'rate_limited', 'Du har skickat många meddelanden på kort tid. Vänta en stund och skriv igen.']);
    const stored = await mine();
    expect(stored).toBe(CANDIDATE_MESSAGES_PER_CONVERSATION);
    expect((await server.call(olle, 'send_MessageCommand', { containerId: c.id, message: 'En till' })).status).toBe(429);
    expect(await mine()).toBe(stored);
  });

  it('delivers a candidate message live to staff, who answer in the same conversation', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/notifications?access_token=${encodeURIComponent(writer)}`);
    const events: Record<string, unknown>[] = [];
    await new Promise<void>((res, rej) => {
      ws.once('open', () => {
        ws.send(JSON.stringify({ type: 'Join', containerId: c.id }));
      });
      ws.on('message', (raw) => {
        const e = JSON.parse(String(raw)) as Record<string, unknown>;
        events.push(e);
        if (e.type === 'Joined') res();
      });
      ws.once('error', rej);
    });
    const sent = await server.call(sara, 'send_MessageCommand', { containerId: c.id, message: 'Hej! Når ni mig på telefon?' });
    expect(sent.status, sent.text).toBe(200);
    await expect.poll(() => events.find((e) => e.notificationType === 'send_MessageCommand')).toBeTruthy();
    const live = events.find((e) => e.notificationType === 'send_MessageCommand')!;
    expect(live).toMatchObject({ type: 'Notification', title: 'Nytt meddelande', data: { channelId: sent.body.data.channelId } });
    ws.close();

    const channels = await server.call(writer, 'get_MessagingChannels', { containerId: c.id });
    const channel = channels.body.data.find((x: { email: string }) => x.email === SARA);
    expect(channel).toMatchObject({ unreadStaff: 1, lastFrom: 'candidate' });
    const answer = await server.call(writer, 'send_MessageCommand', { channelId: channel.id, message: 'Absolut, vi ringer i morgon.' });
    expect(answer.body.data.from).toBe('staff');
    const thread = await server.call(sara, 'get_channelMessages', { channelId: channel.id });
    expect(thread.body.data.side).toBe('candidate');
    expect(thread.body.data.messages.map((m: { text: string; from: string }) => [m.from, m.text])).toEqual([
      ['candidate', 'Hej! Når ni mig på telefon?'],
      ['staff', 'Absolut, vi ringer i morgon.'],
    ]);
    expect((await server.call(writer, 'get_channelMessages', { channelId: channel.id })).body.data.side).toBe('staff');
    expect((await server.call(writer, 'get_MessagingChannels', { containerId: c.id })).body.data.find((x: { id: number }) => x.id === channel.id).unreadStaff).toBe(0);
  });

  it('lets a candidate withdraw their own application', async () => {
    const r = await server.call(sara, 'delete_myApplication', { id: ids[1] });
    expect(r.status).toBe(200);
    expect((await server.call(sara, 'get_applicantPositions', { containerId: c.id, email: SARA })).body.data).toHaveLength(1);
  });

  it('erases the conversation with the person (GDPR)', async () => {
    const admin = await server.login(DEMO.admin);
    expect((await server.call(admin, 'delete_ApplicantFromContainer', { containerId: c.id, userId: SARA })).status).toBe(200);
    expect(await server.deps.store.collection('chatMessages').count({ email: SARA })).toBe(0);
    expect(await server.deps.store.collection('chatChannels').count({ email: SARA })).toBe(0);
  });
});
