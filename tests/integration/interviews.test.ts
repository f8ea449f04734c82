import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { interviewsJob } from '../../server/jobs/schedule';
import { storeKinds } from '../setup/stores';
import { demoPositions, insertApplications, label, otherOrganisation } from './helpers/domain';
import { calendarOf, readCalendar, toOf } from './helpers/invitations';
import { DEMO, startTestServer, TEST_PASSWORD, type TestServer } from './helpers/server';
import { startSmtp, type TestSmtp } from './helpers/smtp';

/**
 * Interviews that book themselves (issue 30 item 1): the refusals of an offer, booking from
 * the mailed link with iMIP invitations (REQUEST, SEQUENCE on a new time, CANCEL) that ical.js
 * reads at 10:00 Stockholm time on both sides of the summer-time change, the race for the
 * last times, the reminder, expired and withdrawn links, and the staff calendar feed.
 */

/** 2027-03-27 10:00 (CET, UTC+1) and 2027-03-29 10:00 (CEST, UTC+2): the change is on the 28th. */
const BEFORE = Date.UTC(2027, 2, 27, 9, 0) / 1000;
const AFTER = Date.UTC(2027, 2, 29, 8, 0) / 1000;
const HOUR = 3600;

describe.each(storeKinds())('interviews on the %s store', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let c: ContainerDoc;
  let p: PositionDoc;
  let other: PositionDoc;
  let writer: string;
  let ids: { writer: number; admin: number };
  let apps: ApplicationDoc[];
  let outsiderId: number;

  const userId = async (email: string) => (await server.deps.store.collection('users').findOne({ email }))!.id as number;
  /** Waits for a mail matching `pick` among those after `from` (the state, never a time). */
  const mailsAfter = async (from: number, n: number, pick: (m: ParsedMail) => boolean = () => true) => {
    for (let waited = 0; ; waited += 25) {
      const found = smtp.mails.slice(from).filter(pick);
      if (found.length >= n) return found;
      if (waited > 15_000) throw new Error(`expected ${n} mails, got ${found.length}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const tokenIn = async (from: number, email: string) => {
    const [m] = await mailsAfter(from, 1, (x) => toOf(x).includes(email) && /\/intervju\?token=/.test(x.text ?? ''));
    return /\/intervju\?token=([A-Za-z0-9_-]+)/.exec(m!.text ?? '')![1]!;
  };
  const offer = (data: Record<string, unknown>) =>
    server.call(writer, 'create_interviewSlots', { applicationId: apps[0]!.id, interviewers: [ids.writer], place: 'Storgatan 1, Stockholm', ...data });
  const book = (token: string, slotId: number) => server.request('POST', '/api/public/interviews/book', { token, slotId });

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ kind, seed: true, config: { smtpUrl: smtp.url, publicUrl: 'http://blankett.test' } });
    const demo = await demoPositions(server);
    ({ container: c, open: p, internal: other } = demo);
    writer = await server.login(DEMO.writer);
    ids = { writer: await userId(DEMO.writer), admin: await userId(DEMO.admin) };
    apps = await insertApplications(server, p, c, 24, [label(c, 'Ej bedömd')], `intervju${kind}`);
    const annan = await otherOrganisation(server, `annan${kind}`);
    outsiderId = (await server.deps.store.collection('memberships').findOne({ containerId: annan.container.id }))!.userId as number;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('refuses a time in the past, 0 or 600 minutes, an interviewer without rights and a double booking across positions, storing nothing', async () => {
    const now = server.deps.now();
    const slots = () => server.deps.store.collection('interviewSlots').count({});
    const before = await slots();
    const past = await offer({ slots: [{ start: Math.floor(now / 300) * 300 - 3600, minutes: 30 }] });
    expect(past.status).toBe(400);
    expect(past.body.error.details[0]).toMatchObject({ path: '/slots/0/start', message: 'Tiden har redan varit. Välj en tid framåt.' });
    for (const minutes of [0, 600]) {
      const r = await offer({ slots: [{ start: BEFORE, minutes }] });
      expect(r.status).toBe(400);
      expect(r.body.error.details[0]).toMatchObject({ path: '/slots/0/minutes', message: 'En intervju är 5–480 minuter, i hela fem minuter.' });
    }
    const stranger = await offer({ slots: [{ start: BEFORE, minutes: 30 }], interviewers: [ids.writer, outsiderId] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.details[0].path).toBe('/interviewers/1');
    expect(stranger.body.error.message).toMatch(/har ingen behörighet till tjänsten/);
    expect(await slots()).toBe(before);

    // The writer holds 2027-04-01 13:00–14:00 on one position; 13:30 on another position clashes.
    const held = Date.UTC(2027, 3, 1, 11, 0) / 1000;
    expect((await offer({ slots: [{ start: held, minutes: 60 }] })).status).toBe(200);
    const clash = await server.call(writer, 'create_interviewSlots', {
      applicationId: (await insertApplications(server, other, c, 1, [label(c, 'Ej bedömd')], `annan${kind}`))[0]!.id,
      interviewers: [ids.admin, ids.writer],
      videoUrl: 'https://video.example/rum',
      slots: [{ start: held + 30 * 60, minutes: 60 }],
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toMatch(/har redan en intervju eller erbjuden tid som överlappar 2027-04-01 13:30/);
    expect(await slots()).toBe(before + 1);
    expect(await server.deps.store.collection('interviewerTimes').count({ userId: ids.admin })).toBe(0);
  });

  it('offers no times to an application anonymous screening still hides (the invitation would name the person)', async () => {
    const positions = server.deps.store.collection('positions');
    await positions.updateOne({ id: p.id }, { $set: { anonymous: { untilProcessLabelId: null } } });
    try {
      const a = apps.at(-1)!;
      const before = await server.deps.store.collection('interviews').count({});
      const r = await offer({ applicationId: a.id, slots: [{ start: server.deps.now() + 40 * 86_400 + 600, minutes: 30 }] });
      expect(r.status).toBe(409);
      expect(r.body.error.message).toBe(sv.interviews.anonymous);
      expect(await server.deps.store.collection('interviews').count({})).toBe(before);
    } finally {
      await positions.updateOne({ id: p.id }, { $unset: { anonymous: '' } });
    }
  });

  it('lists the staff who may interview (get_positionInterviewers) and refuses a colleague whose right is on another position', async () => {
    const { store } = server.deps;
    const member = async (email: string, onPosition?: number) => {
      const r = await server.request('POST', '/api/account/register', { email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
      expect(r.status, r.text).toBe(201);
      const userId = r.body.data.id as number;
      await store.collection('memberships').insertOne({ id: await store.nextSequence('memberships'), containerId: c.id, userId, email, permissionIds: [] });
      if (onPosition) await store.collection('positionPermissions').insertOne({ id: await store.nextSequence('positionPermissions'), containerId: c.id, positionId: onPosition, userId, email, permissionName: 'Write' });
      return userId;
    };
    const onThis = await member(`har-tjansten-${kind}@demo.test`, p.id);
    const onOther = await member(`annan-tjanst-${kind}@demo.test`, other.id);
    const listed = await server.call(writer, 'get_positionInterviewers', { positionId: p.id });
    expect(listed.status, listed.text).toBe(200);
    const rowIds = (listed.body.data.rows as { id: number; name: string }[]).map((r) => r.id);
    expect(rowIds).toEqual(expect.arrayContaining([ids.writer, ids.admin, onThis]));
    expect(rowIds).not.toContain(onOther);
    expect(rowIds).not.toContain(outsiderId);
    expect((await server.call(await server.login(DEMO.reader), 'get_positionInterviewers', { positionId: p.id })).status).toBe(403);

    const before = await store.collection('interviewSlots').count({});
    const start = Date.UTC(2027, 7, 2, 8, 0) / 1000;
    const refused = await offer({ applicationId: apps[0]!.id, slots: [{ start, minutes: 30 }], interviewers: [onOther] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0]).toMatchObject({ path: '/interviewers/0', message: expect.stringMatching(/har ingen behörighet till tjänsten och kan inte intervjua/) });
    expect(await store.collection('interviewSlots').count({})).toBe(before);
    expect((await offer({ applicationId: apps[0]!.id, slots: [{ start, minutes: 30 }], interviewers: [onThis] })).status).toBe(200);
  });

  it('offers times to many, leaving out (and naming) the applications anonymous screening still hides', async () => {
    const level = c.labels!.find((l) => l.labelType === 'Process')!.id;
    const [shown, hidden] = await insertApplications(server, p, c, 2, [label(c, 'Ej bedömd')], `manga${kind}`);
    const applications = server.deps.store.collection('applications');
    await applications.updateOne({ id: shown!.id }, { $set: { processLabelId: level } });
    await applications.updateOne({ id: hidden!.id }, { $unset: { processLabelId: '' } });
    const positions = server.deps.store.collection('positions');
    await positions.updateOne({ id: p.id }, { $set: { anonymous: { untilProcessLabelId: level } } });
    try {
      const slots = [{ start: Date.UTC(2027, 7, 3, 8, 0) / 1000, minutes: 30 }];
      const many = (list: number[]) => server.call(writer, 'create_interviewSlotsForMany', { ids: list, interviewers: [ids.writer], place: 'Storgatan 1', slots });
      const onlyHidden = await many([hidden!.id]);
      expect(onlyHidden.status).toBe(409);
      expect(onlyHidden.body.error.message).toBe(sv.interviews.anonymous);
      const made = await many([shown!.id, hidden!.id]);
      expect(made.status, made.text).toBe(200);
      expect(made.body.data.interviews.map((i: { applicationId: number }) => i.applicationId)).toEqual([shown!.id]);
      expect(made.body.data.refused).toEqual([{ applicationId: hidden!.id, reason: 'anonymous' }]);
      expect(await server.deps.store.collection('interviews').count({ applicationId: hidden!.id })).toBe(0);
    } finally {
      await positions.updateOne({ id: p.id }, { $unset: { anonymous: '' } });
    }
  });

  it('books from the mailed link: REQUEST to the applicant and both interviewers at 10:00 Stockholm time across the summer-time change, SEQUENCE + 1 on a new time, CANCEL on a cancel', async () => {
    const a = apps[1]!;
    const start = smtp.mails.length;
    const made = await server.call(writer, 'create_interviewSlots', {
      applicationId: a.id, interviewers: [ids.writer, ids.admin], place: 'Storgatan 1, Stockholm', note: 'Ta med betyg',
      slots: [{ start: AFTER, minutes: 45 }, { start: BEFORE, minutes: 45 }],
    });
    expect(made.status, made.text).toBe(200);
    const [early, late] = made.body.data.slots as { id: number; start: number }[];
    expect([early!.start, late!.start]).toEqual([BEFORE, AFTER]);
    const token = await tokenIn(start, a.email);

    const people = [a.email, DEMO.writer, DEMO.admin];
    const invitations = async (from: number, method: string) => {
      const mails = await mailsAfter(from, 3, (m) => calendarOf(m)?.method === method);
      expect(mails.map(toOf).sort()).toEqual([...people].sort());
      return mails.map((m) => readCalendar(calendarOf(m)!.text)[0]!);
    };

    let from = smtp.mails.length;
    expect((await book(token, early!.id)).status).toBe(200);
    const booked = await invitations(from, 'REQUEST');
    for (const e of booked) {
      expect(e).toMatchObject({ method: 'REQUEST', sequence: 0, start: BEFORE, end: BEFORE + 45 * 60, localTime: '10:00', zone: 'Europe/Stockholm' });
      expect(e.organizer).toBe(`mailto:${DEMO.writer}`);
      expect(e.attendees.sort()).toEqual(people.map((x) => `mailto:${x}`).sort());
    }
    const uid = booked[0]!.uid;
    expect(new Set(booked.map((e) => e.uid))).toEqual(new Set([uid]));

    // The link again: the booking, with 'Boka om' and 'Avboka'.
    const page = await server.request('GET', `/intervju?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Du har bokat intervju lördag 27 mars 2027 kl. 10:00');
    expect(page.text).toContain('Boka om');
    expect(page.text).toContain('Avboka');
    expect((await server.call(writer, 'get_applicantInterviews', { applicationId: a.id })).body.data.rows[0]).toMatchObject({ status: 'booked', start: BEFORE });
    // The time the board card shows (get_applicantBoard's interviewAt).
    expect((await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id: a.id }))!.interviewAt).toBe(BEFORE);

    from = smtp.mails.length;
    expect((await book(token, late!.id)).status).toBe(200);
    for (const e of await invitations(from, 'REQUEST')) expect(e).toMatchObject({ uid, sequence: 1, start: AFTER, localTime: '10:00', zone: 'Europe/Stockholm' });
    // The earlier time is open again.
    expect((await server.deps.store.collection('interviewSlots').findOne({ id: early!.id }))!.status).toBe('open');

    from = smtp.mails.length;
    const cancelled = await server.request('POST', '/api/public/interviews/cancel', { token });
    expect(cancelled.status).toBe(200);
    for (const e of await invitations(from, 'CANCEL')) expect(e).toMatchObject({ method: 'CANCEL', uid, sequence: 2, start: AFTER });
    expect((await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id: a.id }))!.interviewAt).toBeUndefined();
  });

  it('gives each of 10 times to exactly one of 20 applicants booking at once; the rest are told at once', async () => {
    const group = apps.slice(2, 22);
    const from = smtp.mails.length;
    const slots = Array.from({ length: 10 }, (_, i) => ({ start: Date.UTC(2027, 4, 3, 7 + Math.floor(i / 2), (i % 2) * 30) / 1000, minutes: 30 }));
    const made = await server.call(writer, 'create_interviewSlotsForMany', { ids: group.map((a) => a.id), interviewers: [ids.admin], videoUrl: 'https://video.example/rum', slots });
    expect(made.status, made.text).toBe(200);
    const slotIds = (made.body.data.slots as { id: number }[]).map((s) => s.id);
    const tokens = await Promise.all(group.map((a) => tokenIn(from, a.email)));
    const answers = await Promise.all(tokens.map((tk, i) => book(tk, slotIds[i % 10]!)));
    const won = answers.filter((r) => r.status === 200);
    const lost = answers.filter((r) => r.status !== 200);
    expect(won).toHaveLength(10);
    for (const r of lost) expect(r.body.error).toMatchObject({ code: 'slot_taken', message: 'Tiden hann bokas av någon annan. Välj en annan tid.' });
    const stored = await server.deps.store.collection('interviewSlots').find({ id: { $in: slotIds } });
    expect(stored.every((s) => s.status === 'booked')).toBe(true);
    expect(new Set(stored.map((s) => s.bookedBy)).size).toBe(10);
    expect(await server.deps.store.collection('interviews').count({ setId: made.body.data.setId, status: 'booked' })).toBe(10);
    // A loser's page says no time is left.
    const page = await server.request('GET', `/intervju?token=${tokens[answers.indexOf(lost[0]!)]}`);
    expect(page.text).toContain('Det finns inga lediga tider kvar.');
  });

  it('reminds the applicant 24 hours before, once, and expires times never booked', async () => {
    const a = apps[22]!;
    const from = smtp.mails.length;
    const start = Date.UTC(2027, 5, 10, 8, 0) / 1000;
    const made = await offer({ applicationId: a.id, slots: [{ start, minutes: 30 }, { start: start + HOUR, minutes: 30 }] });
    const token = await tokenIn(from, a.email);
    expect((await book(token, made.body.data.slots[0].id)).status).toBe(200);
    const job = interviewsJob();
    const at = (now: number) => job.run({ ...server.deps, now: () => now });
    expect(await at(start - 25 * HOUR)).toMatchObject({ reminders: 0 });
    expect(await at(start - 23 * HOUR)).toMatchObject({ reminders: 1 });
    expect(await at(start - 22 * HOUR)).toMatchObject({ reminders: 0 });
    const [reminder] = await mailsAfter(from, 1, (m) => toOf(m).includes(a.email) && /Påminnelse/.test(m.subject ?? ''));
    expect(reminder!.text).toContain('torsdag 10 juni 2027 kl. 10:00');
    // The other time passes unbooked: it expires and the interviewer's time is given back.
    expect(await at(start + 2 * HOUR)).toMatchObject({ expired: expect.any(Number) });
    expect((await server.deps.store.collection('interviewSlots').findOne({ id: made.body.data.slots[1].id }))!.status).toBe('expired');
    expect(await server.deps.store.collection('interviewerTimes').count({ slotId: made.body.data.slots[1].id })).toBe(0);
  });

  it('answers an expired link and a withdrawn application in Swedish', async () => {
    const a = apps[23]!;
    const from = smtp.mails.length;
    await offer({ applicationId: a.id, slots: [{ start: Date.UTC(2027, 6, 1, 8, 0) / 1000, minutes: 30 }] });
    const token = await tokenIn(from, a.email);
    await server.deps.store.collection('interviews').updateOne({ applicationId: a.id }, { $set: { expires: server.deps.now() - 1 } });
    const expired = await server.request('GET', `/intervju?token=${token}`);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('Tiden att boka har gått ut.');
    expect((await server.call(writer, 'delete_jobapplication', { positionId: p.id, id: a.id })).status).toBe(200);
    expect(await server.deps.store.collection('interviews').count({ applicationId: a.id })).toBe(0);
    const gone = await server.request('POST', '/api/public/interviews/view', { token });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Länken gäller inte längre. Ansökan kan ha dragits tillbaka eller tiderna tagits bort.');
  });

  it("serves each staff member's calendar feed without applicant names unless chosen, and refuses a revoked or forged token", async () => {
    const made = await server.call(writer, 'renew_myCalendarFeed', {});
    expect(made.status).toBe(200);
    const path = new URL(made.body.data.url as string).pathname;
    const feed = await server.request('GET', path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const events = readCalendar(feed.text);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.summary === `Intervju – ${p.name}`)).toBe(true);
    for (const a of apps) expect(feed.text).not.toContain(a.info.lastname);
    expect((await server.call(writer, 'update_myCalendarFeed', { showNames: true })).status).toBe(200);
    const named = await server.request('GET', path);
    expect(readCalendar(named.text).some((e) => /\(Förnamn\d+ Efternamn\d+\)$/.test(e.summary))).toBe(true);
    expect((await server.call(writer, 'delete_myCalendarFeed', {})).status).toBe(200);
    const revoked = await server.request('GET', path);
    expect(revoked.status).toBe(404);
    expect(revoked.body.error.message).toBe('Kalenderlänken gäller inte. Skapa en ny på ditt konto.');
    expect((await server.request('GET', `/api/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    // The feed's token is its only key: it never reaches the access log, served or refused.
    const token = /\/api\/calendar\/(.+)\.ics$/.exec(path)![1]!;
    expect(server.logs.some((l) => l.includes('/api/calendar/[token].ics'))).toBe(true);
    expect(server.logs.filter((l) => l.includes(token) || l.includes('A'.repeat(43)))).toEqual([]);
  });
});
