import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, personnummer, validAnswers } from './helpers/domain';
import { mailedToken, outboxMails } from './helpers/mailbox';
import { DEMO, TEST_PASSWORD, startTestServer, type TestServer } from './helpers/server';

/**
 * Issue 17, bad input: a chat answer to a withdrawn application. The conversation goes with the
 * person's last application (removal.ts), so staff answering it get a clear Swedish 404 and
 * nothing is stored or mailed — also when the withdrawal lands while the answer is on its way.
 */
describe.each(storeKinds())('a chat answer to a withdrawn application on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let writer: string;

  async function candidate(email: string, ssn: string): Promise<{ token: string; applicationId: number; channelId: number }> {
    const applied = await applyTo(server, open.id, email, validAnswers(email, { form_ssn: personnummer(ssn) }));
    expect(applied.status, applied.text).toBe(201);
    const reg = await server.request('POST', '/api/account/register', { email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    expect(reg.status).toBe(201);
    const token = (await server.request('POST', '/api/account/signin-link/confirm', { token: await mailedToken(server, email) })).body.token as string;
    expect((await server.call(token, 'send_MessageCommand', { containerId: c.id, message: 'Hej, en fråga om tjänsten.' })).status).toBe(200);
    const channels = (await server.call(writer, 'get_MessagingChannels', { containerId: c.id })).body.data as { id: number; email?: string; name: string }[];
    const channelId = (await server.deps.store.collection<{ id: number; email: string }>('chatChannels').findOne({ containerId: c.id, email }))!.id;
    expect(channels.map((x) => x.id)).toContain(channelId);
    return { token, applicationId: applied.body.data.id, channelId };
  }

  const left = async (email: string) => ({
    channels: await server.deps.store.collection('chatChannels').count({ email }),
    messages: await server.deps.store.collection('chatMessages').count({ email }),
    chatMails: (await outboxMails(server)).filter((m) => m.includes(email) && m.includes('/admin/minasidor')).length,
  });

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open } = await demoPositions(server));
    writer = await server.login(DEMO.writer);
  });
  afterAll(() => server?.close());

  it('answers staff with a Swedish 404 once the candidate has withdrawn, and keeps nothing', async () => {
    const email = 'ada.ater@exempel.se';
    const ada = await candidate(email, '19970707');
    expect((await server.call(ada.token, 'delete_myApplication', { id: ada.applicationId })).status).toBe(200);
    const r = await server.call(writer, 'send_MessageCommand', { channelId: ada.channelId, message: 'Tack för din fråga!' });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(sv.candidate.conversationGone);
    expect(await left(email)).toEqual({ channels: 0, messages: 0, chatMails: 0 });
  });

  it('drops an answer whose conversation lost its last application on the way, and says why', async () => {
    const email = 'bo.mitt@exempel.se';
    const bo = await candidate(email, '19980808');
    // The withdrawal lands between the staff answer's channel read and its insert: the
    // application is gone, the channel not yet.
    await server.deps.store.collection('applications').deleteMany({ id: bo.applicationId });
    const r = await server.call(writer, 'send_MessageCommand', { channelId: bo.channelId, message: 'Vi ringer i morgon.' });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(sv.candidate.conversationGone);
    expect(await left(email)).toEqual({ channels: 0, messages: 0, chatMails: 0 });
  });

  it('tells a stranger the same as for a conversation that is gone', async () => {
    const email = 'cia.kvar@exempel.se';
    const cia = await candidate(email, '19990909');
    const other = await candidate('dan.annan@exempel.se', '19900101');
    const r = await server.call(other.token, 'send_MessageCommand', { channelId: cia.channelId, message: 'smyger in' });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(sv.candidate.conversationGone);
    expect((await left(email)).messages).toBe(1);
  });
});
