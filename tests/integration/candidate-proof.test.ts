import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { sendConfirmation } from '../../server/domain/mail/confirmation';
import { fill } from '../../engine/fill';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, label, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, TEST_PASSWORD, type TestServer } from './helpers/server';
import { startSmtp, type TestSmtp } from './helpers/smtp';

/**
 * Issue 15 item 1: the candidate area shows and changes nothing about a person until the
 * account's owner has followed a link mailed to its address. Regression for "register with
 * an applicant's email and see everything".
 */
const SARA = 'sara.bevis@exempel.se';
const TOVE = 'tove.offer@exempel.se';

const linkToken = (text: string, page = 'signin-link') => new RegExp(`/${page}#token=([A-Za-z0-9_-]+)`).exec(text)?.[1];

describe.each(storeKinds())('candidates prove their email on the %s store', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let c: ContainerDoc;
  let open: PositionDoc;
  let writer: string;
  const ids: Record<string, number> = {};

  const mailTo = (to: string) => [...smtp.mails].reverse().find((m) => JSON.stringify(m.to).includes(to));
  const waitMail = async (to: string, subject: string) => {
    await expect.poll(() => smtp.mails.some((m) => JSON.stringify(m.to).includes(to) && m.subject === subject), { timeout: 10_000 }).toBe(true);
    return [...smtp.mails].reverse().find((m) => JSON.stringify(m.to).includes(to) && m.subject === subject)!;
  };
  const register = (email: string) => server.request('POST', '/api/account/register', { email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
  const follow = (token: string | undefined) => server.request('POST', '/api/account/signin-link/confirm', { token });
  const requestLink = (email: string) => server.request('POST', '/api/account/signin-link', { email });

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ kind, seed: true, config: { smtpUrl: smtp.url } });
    ({ container: c, open } = await demoPositions(server));
    writer = await server.login(DEMO.writer);
    const t = await server.call(writer, 'update_containerTemplate', {
      containerId: c.id, positionTypeId: open.positionTypeId, labelId: label(c, 'Ej bedömd'), subject: 'Tack {name}', content: '<p>Hej {firstname} {lastname} ({phone}, {city}), tack för din ansökan till {position}.</p>',
    });
    expect(t.status, t.text).toBe(200);
    for (const email of [SARA, TOVE]) {
      const r = await applyTo(server, open.id, email, validAnswers(email, { form_firstname: 'Sara <b>Klicka här</b>', form_surname: 'Ring 0900-123456 nu', form_city: 'Kiruna', form_mobilePhone: '0709998877' }));
      expect(r.status, r.text).toBe(201);
      ids[email] = r.body.data.id;
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('a stranger who registers with an applicant’s email, or logs in with the password, sees nothing and changes nothing', async () => {
    expect((await register(TOVE)).status).toBe(201);
    const stranger = await server.login(TOVE);
    const channel = await server.deps.store.collection('chatChannels').insertOne({
      id: await server.deps.store.nextSequence('chatChannels'), containerId: c.id, email: TOVE, name: 'Tove', created: 1, updated: 1, lastText: '', lastFrom: 'staff', unreadStaff: 0, unreadCandidate: 1,
    });
    const calls: [string, Record<string, unknown>][] = [
      ['get_myContainers', {}],
      ['get_applicantPositions', { containerId: c.id, email: TOVE }],
      ['get_MessagingChannels', { containerId: c.id }],
      ['get_channelMessages', { channelId: channel.id }],
      ['send_MessageCommand', { containerId: c.id, message: 'Jag drar tillbaka allt' }],
      ['send_MessageCommand', { channelId: channel.id, message: 'Jag drar tillbaka allt' }],
      ['get_applicantSkillsAnswer', { applicantId: ids[TOVE]!, containerId: c.id }],
      ['create_applicantAnswer', { applicantId: ids[TOVE]!, containerId: c.id, skills: [] }],
      ['delete_myApplication', { id: ids[TOVE]! }],
    ];
    for (const [action, data] of calls) {
      const r = await server.call(stranger, action, data);
      expect([action, r.status, r.body?.error?.code, r.body?.error?.message]).toEqual([action, 403, 'email_unproven', sv.signin.unproven]);
      expect(r.text).not.toContain('Svensson');
    }
    expect(await server.deps.store.collection('applications').count({ id: ids[TOVE]! })).toBe(1);
    expect(await server.deps.store.collection('chatMessages').count({ email: TOVE })).toBe(0);
    expect(await server.deps.store.collection('applicantAnswers').count({ applicantId: ids[TOVE]! })).toBe(0);
    // Register mailed a sign-in link to the address (the owner's way in), nothing to the stranger.
    expect(linkToken((await waitMail(TOVE, sv.signin.registerSubject)).text ?? '')).toBeTruthy();
  });

  it('the applicant who follows “Se din ansökan” from the confirmation mail sees their application, and the stranger’s password and session end', async () => {
    expect((await register(SARA)).status).toBe(201);
    const stranger = await server.login(SARA);
    const confirmation = await waitMail(SARA, 'Tack Sara Klicka här');
    // Item 8: only the first name (plain text) of what the applicant typed reaches the address.
    expect(confirmation.text).toContain('Hej Sara Klicka här  (, ), tack för din ansökan till');
    expect(`${confirmation.text}${confirmation.html}`).not.toMatch(/0900|0709998877|Kiruna|<b>/);
    expect(confirmation.html).toContain('>Se din ansökan</a>');
    const token = linkToken(confirmation.text ?? '');
    expect(token).toBeTruthy();
    // The stranger's register above asked for a newer link to the address: the applicant's stays good.
    // The link's token is never kept in the application's log.
    expect(JSON.stringify(await server.deps.store.collection('applications').findOne({ id: ids[SARA]! }))).not.toContain(token);

    const r = await follow(token);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ next: `/admin/minasidor?org=${c.id}`, passwordRemoved: true });
    const sara = r.body.token as string;
    expect((await server.call(sara, 'get_myContainers', {})).body.data).toEqual([{ id: c.id, name: 'demo', displayName: 'Demoföretaget AB' }]);
    const mine = await server.call(sara, 'get_applicantPositions', { containerId: c.id, email: SARA });
    expect(mine.body.data.map((a: { id: number }) => a.id)).toEqual([ids[SARA]]);
    // The password someone chose before the address was proven no longer opens the account.
    expect((await server.call(stranger, 'get_myContainers', {})).status).toBe(401);
    expect((await server.request('POST', '/api/account/login', { email: SARA, password: TEST_PASSWORD })).status).toBe(401);
    // Used once: the same link again is refused with a way to ask for a new one.
    const again = await follow(token);
    expect([again.status, again.body.error.code, again.body.error.message]).toEqual([400, 'link_invalid', sv.signin.linkInvalid]);
    // The proven applicant may now choose a password, and log in with it.
    expect((await server.call(sara, 'update_password', { password: '', newPassword: 'Sara-eget-losen', confirmNewPassword: 'Sara-eget-losen' })).status).toBe(200);
    expect((await server.request('POST', '/api/account/login', { email: SARA, password: 'Sara-eget-losen' })).status).toBe(200);
  });

  it('sends the confirmation mail, which goes to an address the applicant typed, at most 3 times an hour to one address (item 8)', async () => {
    const to = 'flood.target@exempel.se';
    const r = await applyTo(server, open.id, to, validAnswers(to, { form_firstname: 'X'.repeat(80) }));
    expect(r.status, r.text).toBe(201);
    const first = await waitMail(to, `Tack ${'X'.repeat(40)}`);
    expect(first.subject).toBe(`Tack ${'X'.repeat(40)}`);
    const doc = (await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id: r.body.data.id }))!;
    const position = (await server.deps.store.collection<PositionDoc>('positions').findOne({ id: open.id }))!;
    const org = (await server.deps.store.collection<ContainerDoc>('containers').findOne({ id: c.id }))!;
    // The same application's confirmation again and again (as if applied to many positions).
    for (let i = 0; i < 4; i += 1) await sendConfirmation(server.deps, doc, position, org);
    // Each send is logged on the application once the mail server took it: three, not five.
    const logged = async () => (await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id: doc.id }))!.logs.filter((l) => l.what === 'email').length;
    await expect.poll(logged).toBe(3);
    await expect.poll(() => smtp.mails.filter((m) => JSON.stringify(m.to).includes(to)).length, { timeout: 10_000 }).toBe(3);
  });

  it('refuses an expired, a replaced, a forged and a malformed link with the same Swedish message', async () => {
    const email = 'utgangen@exempel.se';
    expect((await requestLink(email)).status).toBe(200);
    const first = linkToken((await waitMail(email, sv.signin.linkSubject)).text ?? '');
    smtp.mails.length = 0;
    expect((await requestLink(email)).status).toBe(200);
    const second = linkToken((await waitMail(email, sv.signin.linkSubject)).text ?? '');
    expect(second).not.toBe(first);
    await server.deps.store.collection('signinLinks').updateOne({ email, kind: 'request' }, { $set: { expires: server.deps.now() - 1 } });
    for (const token of [first, second, 'A'.repeat(43), 'inte en kod', '']) {
      const r = await follow(token);
      expect([r.status, r.body.error.code, r.body.error.message]).toEqual([400, 'link_invalid', sv.signin.linkInvalid]);
    }
    expect(await server.deps.store.collection('users').count({ email })).toBe(0);
  });

  it('answers a link request alike whether or not the address has an account, and limits it per address', async () => {
    const known = await requestLink(DEMO.reader);
    const unknown = await requestLink('finns-inte-an@exempel.se');
    expect([known.status, known.text]).toEqual([unknown.status, unknown.text]);
    expect(known.body).toEqual({ data: { sent: true } });
    // An address without an account gets one, passwordless, when its link is followed.
    const token = linkToken((await waitMail('finns-inte-an@exempel.se', sv.signin.linkSubject)).text ?? '');
    const r = await follow(token);
    expect(r.status).toBe(200);
    expect((await server.call(r.body.token, 'get_myContainers', {})).body.data).toEqual([]);
    expect((await server.request('POST', '/api/account/login', { email: 'finns-inte-an@exempel.se', password: '' })).status).toBe(401);
    const flood = 'oversvamning@exempel.se';
    const answers: number[] = [];
    for (let i = 0; i < 7; i += 1) answers.push((await requestLink(flood)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('leads a followed link only to a page of the app, never to another site', async () => {
    const cases: [string, string][] = [['https://evil.example/', '/admin/minasidor'], ['//evil.example', '/admin/minasidor'], ['/admin/recruit-chat', '/admin/recruit-chat']];
    for (const [next, expected] of cases) {
      const email = `vidare.${expected.length}.${next.length}@exempel.se`;
      expect((await server.request('POST', '/api/account/signin-link', { email, next })).status).toBe(200);
      const r = await follow(linkToken((await waitMail(email, sv.signin.linkSubject)).text ?? ''));
      expect(r.body.data.next).toBe(expected);
    }
  });

  it('speaks in the employer’s name when the link is asked for on its candidate pages (?org=) by someone who applied there, and in the product’s otherwise', async () => {
    const company = c.displayName ?? c.name;
    expect((await server.request('POST', '/api/account/signin-link', { email: SARA, org: c.id })).status).toBe(200);
    const mail = await waitMail(SARA, fill(sv.signin.linkSubjectEmployer, { company }));
    expect(mail.text).toContain(`dina ansökningar hos ${company}`);
    expect((await follow(linkToken(mail.text ?? ''))).body.data.next).toBe(`/admin/minasidor?org=${c.id}`);
    // Someone who never applied there gets the product's own mail; a malformed org is refused at /org.
    expect((await server.request('POST', '/api/account/signin-link', { email: 'aldrig.sokt@exempel.se', org: c.id })).status).toBe(200);
    await waitMail('aldrig.sokt@exempel.se', sv.signin.linkSubject);
    const bad = await server.request('POST', '/api/account/signin-link', { email: SARA, org: 'demo' });
    expect([bad.status, bad.body.error.details]).toEqual([400, [{ path: '/org', message: sv.server.fields.value }]]);
  });

  it('changes an email only with the password and only after the new address’s link; the old address is told', async () => {
    const owner = 'byter.adress@exempel.se';
    await register(owner);
    const reg = await follow(linkToken((await waitMail(owner, sv.signin.registerSubject)).text ?? ''));
    await server.call(reg.body.token, 'update_password', { password: '', newPassword: 'Byt-adress-123', confirmNewPassword: 'Byt-adress-123' });
    const session = (await server.request('POST', '/api/account/login', { email: owner, password: 'Byt-adress-123' })).body.token as string;
    const id = (await server.deps.store.collection('users').findOne({ email: owner }))!.id as number;
    const change = (extra: Record<string, unknown>, email = 'ny.adress@exempel.se') => server.call(session, 'update_account', { id, email, firstname: 'By', lastname: 'Tare', ...extra });

    const none = await change({});
    expect([none.status, none.body.error.details[0]]).toEqual([400, { path: '/password', message: sv.signin.passwordNeeded }]);
    expect((await change({ password: 'fel-losen-123' })).status).toBe(400);
    expect((await change({ password: 'Byt-adress-123' }, DEMO.admin)).status).toBe(409);
    expect(await server.deps.store.collection('users').count({ email: owner })).toBe(1);

    smtp.mails.length = 0;
    const ok = await change({ password: 'Byt-adress-123' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data).toMatchObject({ pendingEmail: 'ny.adress@exempel.se', user: { email: owner, firstname: 'By' } });
    expect((await server.deps.store.collection('users').findOne({ id }))!.email).toBe(owner);
    const notice = await waitMail(owner, sv.signin.emailChangeNoticeSubject);
    expect(notice.text).toContain('ny.adress@exempel.se');
    expect(linkToken(notice.text ?? '', 'confirm-email')).toBeUndefined();
    const token = linkToken((await waitMail('ny.adress@exempel.se', sv.signin.emailChangeSubject)).text ?? '', 'confirm-email');
    const done = await server.request('POST', '/api/account/email/confirm', { token });
    expect(done.status, done.text).toBe(200);
    const user = (await server.deps.store.collection('users').findOne({ id }))!;
    expect([user.email, typeof user.emailVerifiedAt]).toEqual(['ny.adress@exempel.se', 'number']);
    expect((await server.call(session, 'get_myContainers', {})).status).toBe(401);
    expect((await server.request('POST', '/api/account/email/confirm', { token })).status).toBe(400);
  });

  it('an administrator cannot move a colleague onto an address, not even with their own password (issue 24)', async () => {
    const admin = await server.login(DEMO.admin);
    const reader = (await server.deps.store.collection('users').findOne({ email: DEMO.reader }))!;
    const data = { id: reader.id, email: 'kapad@evil.test', firstname: 'Lisa', lastname: 'Läsare' };
    expect((await server.call(admin, 'update_account', data)).status).toBe(403);
    const r = await server.call(admin, 'update_account', { ...data, password: TEST_PASSWORD });
    expect(r.status, r.text).toBe(403);
    expect((await server.deps.store.collection('users').findOne({ id: reader.id }))!.email).toBe(DEMO.reader);
    expect(mailTo('kapad@evil.test')).toBeUndefined();
    expect((await server.request('POST', '/api/account/login', { email: DEMO.reader, password: TEST_PASSWORD })).status).toBe(200);
  });
});
