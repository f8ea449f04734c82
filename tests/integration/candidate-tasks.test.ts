import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ApplicationDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, personnummer, validAnswers } from './helpers/domain';
import { calendarOf, readCalendar, toOf } from './helpers/invitations';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { startSmtp, type TestSmtp } from './helpers/smtp';

/**
 * Mina sidor, issue 30 items 1 and 3, over real HTTP: the applicant books, moves ('Boka om')
 * and cancels ('Avboka') an offered interview with the same iMIP invitations as the mailed
 * booking page (REQUEST, SEQUENCE + 1, CANCEL), and names the referees a writer asked for, who
 * then get the reference link. Refused, in Swedish and storing nothing: someone else's
 * application, a withdrawn one, a wrong count, a bad e-mail, an answered request, a hidden one.
 */

const BEFORE = Date.UTC(2027, 2, 27, 9, 0) / 1000;
const AFTER = Date.UTC(2027, 2, 29, 8, 0) / 1000;
const ADA = 'ada.minasidor@exempel.se';
const BO = 'bo.minasidor@exempel.se';
const s = sv.references.server;

describe.each(storeKinds())('Mina sidor: interviews and referees on the %s store', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let p: PositionDoc;
  let other: PositionDoc;
  let writer: string;
  let ada: string;
  let bo: string;
  const ids = { ada: 0, adaOther: 0, bo: 0, writer: 0, admin: 0 };

  const apps = () => server.deps.store.collection<ApplicationDoc>('applications');
  /** Waits for `n` mails matching `pick` among those after `from` (the state, never a time; a plain loop, as it runs in beforeAll too). */
  const after = async (from: number, n: number, pick: (m: ParsedMail) => boolean) => {
    for (let waited = 0; ; waited += 25) {
      const found = smtp.mails.slice(from).filter(pick);
      if (found.length >= n) return found;
      if (waited > 15_000) throw new Error(`expected ${n} mails, got ${found.length}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  /** A proven candidate session: the sign-in link mailed to the address, followed. */
  const signIn = async (email: string) => {
    const from = smtp.mails.length;
    expect((await server.request('POST', '/api/account/signin-link', { email })).status).toBe(200);
    const [m] = await after(from, 1, (x) => toOf(x).includes(email) && /\/signin-link#token=/.test(x.text ?? ''));
    const r = await server.request('POST', '/api/account/signin-link/confirm', { token: /\/signin-link#token=([A-Za-z0-9_-]+)/.exec(m!.text!)![1] });
    return r.body.token as string;
  };
  const apply = async (position: PositionDoc, email: string, first: string, serial: string) => {
    const r = await applyTo(server, position.id, email, validAnswers(email, { form_firstname: first, form_surname: 'Sidström', form_ssn: personnummer('19910101', serial) }));
    expect(r.status, r.text).toBe(201);
    return r.body.data.id as number;
  };
  const tasks = (token: string, id: number) => server.call(token, 'get_myApplicationTasks', { id });

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ kind, seed: true, config: { smtpUrl: smtp.url, publicUrl: 'http://blankett.test' } });
    ({ open: p, internal: other } = await demoPositions(server));
    writer = await server.login(DEMO.writer);
    for (const who of ['writer', 'admin'] as const) ids[who] = (await server.deps.store.collection('users').findOne({ email: DEMO[who] }))!.id as number;
    ids.ada = await apply(p, ADA, 'Ada', '611');
    ids.adaOther = await apply(other, ADA, 'Ada', '611');
    ids.bo = await apply(p, BO, 'Bo', '622');
    [ada, bo] = [await signIn(ADA), await signIn(BO)];
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('books, moves and cancels an interview from Mina sidor with REQUEST, SEQUENCE + 1 and CANCEL to the applicant and both interviewers', async () => {
    const made = await server.call(writer, 'create_interviewSlots', {
      applicationId: ids.ada, interviewers: [ids.writer, ids.admin], place: 'Storgatan 1, Stockholm',
      slots: [{ start: BEFORE, minutes: 45 }, { start: AFTER, minutes: 45 }],
    });
    expect(made.status, made.text).toBe(200);
    const [early, late] = made.body.data.slots as { id: number }[];
    const interviewId = made.body.data.interviews[0].id as number;
    const seen = await tasks(ada, ids.ada);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.data).toMatchObject({ id: ids.ada, refereesWanted: null, interviews: [{ id: interviewId, status: 'waiting', expired: false, booked: null, company: 'Demoföretaget AB' }] });
    expect(seen.body.data.interviews[0].slots.map((x: { start: number }) => x.start)).toEqual([BEFORE, AFTER]);

    const people = [ADA, DEMO.writer, DEMO.admin];
    const invitations = async (from: number, method: string) => {
      const mails = await after(from, 3, (m) => calendarOf(m)?.method === method);
      expect(mails.map(toOf).sort()).toEqual([...people].sort());
      return mails;
    };
    let from = smtp.mails.length;
    const booked = await server.call(ada, 'update_myInterview', { id: ids.ada, interviewId, slotId: early!.id });
    expect(booked.status, booked.text).toBe(200);
    expect(booked.body.data.interviews[0]).toMatchObject({ status: 'booked', booked: { id: early!.id, start: BEFORE, minutes: 45, place: 'Storgatan 1, Stockholm' } });
    const first = (await invitations(from, 'REQUEST')).map((m) => ({ m, e: readCalendar(calendarOf(m)!.text)[0]! }));
    for (const { e } of first) expect(e).toMatchObject({ sequence: 0, start: BEFORE, localTime: '10:00', zone: 'Europe/Stockholm' });
    // The applicant's invitation leads back to Mina sidor (the token of the mailed page is not known here).
    expect(first.find((x) => toOf(x.m).includes(ADA))!.m.text).toContain(`Boka om eller avboka: http://blankett.test/admin/minasidor?org=${p.containerId}`);

    from = smtp.mails.length;
    const moved = await server.call(ada, 'update_myInterview', { id: ids.ada, interviewId, slotId: late!.id });
    expect(moved.status, moved.text).toBe(200);
    for (const m of await invitations(from, 'REQUEST')) expect(readCalendar(calendarOf(m)!.text)[0]).toMatchObject({ uid: first[0]!.e.uid, sequence: 1, start: AFTER, localTime: '10:00' });
    expect((await server.deps.store.collection('interviewSlots').findOne({ id: early!.id }))!.status).toBe('open');
    expect(moved.body.data.interviews[0].slots.map((x: { id: number }) => x.id)).toEqual([early!.id]);

    from = smtp.mails.length;
    const cancelled = await server.call(ada, 'delete_myInterview', { id: ids.ada, interviewId });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data.interviews[0]).toMatchObject({ status: 'cancelled', booked: null });
    for (const m of await invitations(from, 'CANCEL')) expect(readCalendar(calendarOf(m)!.text)[0]).toMatchObject({ method: 'CANCEL', uid: first[0]!.e.uid, sequence: 2 });
    const a = (await apps().findOne({ id: ids.ada }))!;
    expect(a.interviewAt).toBeUndefined();
    const log = a.logs.filter((l) => l.what === 'interview').map((l) => l.text);
    expect(log).toEqual(expect.arrayContaining(['Intervju bokad 2027-03-27 10:00', 'Intervju bokad 2027-03-29 10:00', 'Intervju avbokad']));

    // Cancelling again: nothing booked. Someone else's application or interview: not found.
    const again = await server.call(ada, 'delete_myInterview', { id: ids.ada, interviewId });
    expect([again.status, again.body.error.message]).toEqual([409, sv.interviews.notBooked]);
    for (const [token, id] of [[bo, ids.ada], [ada, ids.bo], [ada, ids.adaOther]] as const) {
      const r = await server.call(token, 'update_myInterview', { id, interviewId, slotId: late!.id });
      expect(r.status, `${id}`).toBe(404);
      expect((await server.call(token, 'delete_myInterview', { id, interviewId })).status).toBe(404);
    }
    expect((await tasks(bo, ids.ada)).status).toBe(404);
    // Staff call it off: Mina sidor no longer offers it, and a post says why.
    expect((await server.call(writer, 'cancel_applicantInterview', { applicationId: ids.ada, interviewId })).status).toBe(200);
    expect((await tasks(ada, ids.ada)).body.data.interviews).toEqual([]);
    const off = await server.call(ada, 'update_myInterview', { id: ids.ada, interviewId, slotId: late!.id });
    expect([off.status, off.body.error.message]).toEqual([410, sv.interviews.withdrawnByStaff]);
    expect((await server.deps.store.collection('interviewSlots').findOne({ id: late!.id }))!.status).not.toBe('booked');
  });

  it('lets the applicant name exactly the referees asked for, once; each gets the reference link; bad input stores nothing', async () => {
    const asked = await server.call(writer, 'create_referenceRequest', { id: ids.ada, askApplicant: 2 });
    expect(asked.status, asked.text).toBe(200);
    expect((await apps().findOne({ id: ids.ada }))!.logs.map((l) => l.text)).toContain('Sökande ombedd att ange 2 referenter på Mina sidor');
    expect((await tasks(ada, ids.ada)).body.data.refereesWanted).toBe(2);
    // Neither referees nor a count, or both: the writer is told.
    for (const data of [{ id: ids.ada }, { id: ids.ada, askApplicant: 1, referees: [{ name: 'X', email: 'x@exempel.se' }] }]) {
      const r = await server.call(writer, 'create_referenceRequest', data);
      expect([r.status, r.body.error.message]).toEqual([400, s.askOne]);
    }

    const karin = { name: 'Karin Chef', email: 'karin.referent@exempel.se', relation: 'Tidigare chef', phone: '0701112233' };
    const olle = { name: 'Olle Kollega', email: 'olle.referent@exempel.se', relation: 'Kollega' };
    const references = server.deps.store.collection('references');
    const before = await references.count({});
    const refusals: [string, unknown[], number, string][] = [
      [ada, [karin], 400, 'Ange 2 referenter.'],
      [ada, [karin, { ...olle, email: 'inte-en-adress' }], 400, s.badEmail],
      [ada, [karin, { ...olle, relation: '  ' }], 400, s.relationMissing],
      [ada, [karin, { ...olle, email: karin.email.toUpperCase() }], 400, s.sameEmail],
      [bo, [karin, olle], 404, s.applicationGoneApplicant],
    ];
    for (const [token, referees, status, message] of refusals) {
      const r = await server.call(token, 'create_myReferees', { id: ids.ada, referees });
      expect([r.status, r.body.error.message], JSON.stringify(referees)).toEqual([status, message]);
    }
    expect(await references.count({})).toBe(before);
    expect((await apps().findOne({ id: ids.ada }))!.refereesWanted).toMatchObject({ count: 2 });
    // Nothing was asked about Bo's application.
    const notAsked = await server.call(bo, 'create_myReferees', { id: ids.bo, referees: [karin] });
    expect([notAsked.status, notAsked.body.error.message]).toEqual([409, s.notAsked]);

    const from = smtp.mails.length;
    const named = await server.call(ada, 'create_myReferees', { id: ids.ada, referees: [karin, olle] });
    expect(named.status, named.text).toBe(200);
    expect(named.body.data.refereesWanted).toBeNull();
    const mails = await after(from, 2, (m) => /\/referens#token=/.test(m.html || m.text || ''));
    expect(mails.map(toOf).sort()).toEqual([karin.email, olle.email].sort());
    const token = /\/referens#token=([A-Za-z0-9_-]+)/.exec(String(mails.find((m) => toOf(m).includes(karin.email))!.html || ''))![1];
    const opened = await server.request('POST', '/api/public/references/open', { token });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.data).toMatchObject({ applicant: 'Ada Sidström', referee: 'Karin Chef' });
    const listed = await server.call(writer, 'get_references', { id: ids.ada });
    expect(listed.body.data.map((r: { referee: unknown; by: string }) => [r.referee, r.by])).toEqual([
      [karin, 'Ada Sidström (sökande)'],
      [olle, 'Ada Sidström (sökande)'],
    ]);
    expect((await apps().findOne({ id: ids.ada }))!.logs.map((l) => l.text)).toEqual(expect.arrayContaining(['Referens begärd från Karin Chef', 'Referens begärd från Olle Kollega']));

    // Answered once: a second post (another tab) is refused and sends nothing more.
    const twice = await server.call(ada, 'create_myReferees', { id: ids.ada, referees: [karin, olle] });
    expect([twice.status, twice.body.error.message]).toEqual([409, s.alreadyNamed]);
    expect(await references.count({})).toBe(before + 2);
  });

  it('keeps to the anonymous-screening rule and refuses a withdrawn application', async () => {
    const positions = server.deps.store.collection('positions');
    expect((await server.call(writer, 'create_referenceRequest', { id: ids.adaOther, askApplicant: 1 })).status).toBe(200);
    await positions.updateOne({ id: other.id }, { $set: { anonymous: { untilProcessLabelId: null } } });
    try {
      // Hidden: the writer cannot ask, Mina sidor shows no request, and naming is refused.
      const staff = await server.call(writer, 'create_referenceRequest', { id: ids.adaOther, askApplicant: 2 });
      expect([staff.status, staff.body.error.message]).toEqual([409, s.anonymous]);
      expect((await tasks(ada, ids.adaOther)).body.data.refereesWanted).toBeNull();
      const r = await server.call(ada, 'create_myReferees', { id: ids.adaOther, referees: [{ name: 'Karin Chef', email: 'karin2@exempel.se', relation: 'Chef' }] });
      expect([r.status, r.body.error.message]).toEqual([409, s.anonymousApplicant]);
      expect(await server.deps.store.collection('references').count({ applicationId: ids.adaOther })).toBe(0);
    } finally {
      await positions.updateOne({ id: other.id }, { $unset: { anonymous: '' } });
    }
    expect((await server.call(ada, 'delete_myApplication', { id: ids.adaOther })).status).toBe(200);
    const gone = await server.call(ada, 'create_myReferees', { id: ids.adaOther, referees: [{ name: 'Karin Chef', email: 'karin2@exempel.se', relation: 'Chef' }] });
    expect([gone.status, gone.body.error.message]).toEqual([404, s.applicationGoneApplicant]);
    expect((await tasks(ada, ids.adaOther)).status).toBe(404);
  });
});
