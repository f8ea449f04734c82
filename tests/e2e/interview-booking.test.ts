import { describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { summerAnswers } from '../integration/helpers/recruiter';
import { calendarOf, readCalendar, toOf } from '../integration/helpers/invitations';
import { createSummerPosition } from './helpers/positions';
import { useE2e } from './helpers/fixture';

/**
 * Issue 30 item 1 in the browser at 390 px: the applicant opens the mailed booking link on a
 * phone, books 27 March 10:00 (winter time), moves to 29 March 10:00 (summer time) with
 * 'Boka om' and cancels with 'Avboka'; the applicant and both interviewers get REQUEST,
 * REQUEST with SEQUENCE 1, then CANCEL at the loopback SMTP server, and ical.js reads 10:00
 * Stockholm time on both sides of the change.
 */
describe('booking an interview from the mail on a phone', () => {
  const e2e = useE2e({ smtp: true });
  const BEFORE = Date.UTC(2027, 2, 27, 9, 0) / 1000;
  const AFTER = Date.UTC(2027, 2, 29, 8, 0) / 1000;

  let round = 0;

  it('books, moves across the summer-time change and cancels, with invitations to all three', { timeout: 60_000 }, async () => {
    const { app, smtp } = e2e;
    const writer = await e2e.token('writer@demo.test');
    const position = await createSummerPosition(app, writer, 'Intervjujobbet');
    const email = `bokar.telefon${(round += 1)}@example.se`;
    const a = await e2e.dataOf(writer, 'create_jobApplication', { email, positionId: position.id, metadata: summerAnswers({ first: 'Tea', last: 'Telefonsson' }, email, 3) });
    const users = (await e2e.dataOf(await e2e.token('admin@demo.test'), 'get_containerUsers', { containerId: 1 })) as { userId?: number; email: string }[];
    const idOf = (x: string) => users.find((u) => u.email === x)!.userId!;
    const people = [email, 'writer@demo.test', 'admin@demo.test'];
    const from = smtp.mails.length;
    const made = await e2e.dataOf(writer, 'create_interviewSlots', {
      applicationId: a.id, interviewers: [idOf('writer@demo.test'), idOf('admin@demo.test')], place: 'Storgatan 1, Stockholm',
      slots: [{ start: BEFORE, minutes: 30 }, { start: AFTER, minutes: 30 }],
    });
    const after = async (start: number, pick: (m: ParsedMail) => boolean, n: number) => {
      await expect.poll(() => smtp.mails.slice(start).filter(pick).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
      return smtp.mails.slice(start).filter(pick);
    };
    const [offer] = await after(from, (m) => toOf(m).includes(email) && /\/intervju\?token=/.test(m.text ?? ''), 1);
    const link = new URL(/(https?:\/\/\S+\/intervju\?token=[A-Za-z0-9_-]+)/.exec(offer!.text!)![1]!);

    const page = await e2e.page({ viewport: 'phone' });
    const invitations = async (start: number, method: string) => {
      const mails = await after(start, (m) => calendarOf(m)?.method === method, 3);
      expect(mails.map(toOf).sort()).toEqual([...people].sort());
      return mails.map((m) => readCalendar(calendarOf(m)!.text)[0]!);
    };

    let mark = smtp.mails.length;
    await page.goto(`${app.url}${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Boka intervju – Intervjujobbet' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('radio', { name: /lördag 27 mars 2027 kl\. 10:00/ }).check();
    await page.getByRole('button', { name: 'Boka vald tid' }).click();
    await page.getByText('Klart! En kalenderinbjudan är skickad till din e-post.').waitFor();
    const booked = await invitations(mark, 'REQUEST');
    for (const ev of booked) expect(ev).toMatchObject({ sequence: 0, start: BEFORE, localTime: '10:00', zone: 'Europe/Stockholm' });

    mark = smtp.mails.length;
    await page.getByRole('button', { name: 'Boka om' }).click();
    await page.getByRole('radio', { name: /måndag 29 mars 2027 kl\. 10:00/ }).check();
    await page.getByRole('button', { name: 'Boka vald tid' }).click();
    await page.getByText('Du har bokat intervju måndag 29 mars 2027 kl. 10:00 (30 minuter).').waitFor();
    for (const ev of await invitations(mark, 'REQUEST')) expect(ev).toMatchObject({ uid: booked[0]!.uid, sequence: 1, start: AFTER, localTime: '10:00', zone: 'Europe/Stockholm' });

    mark = smtp.mails.length;
    await page.getByRole('button', { name: 'Avboka' }).click();
    await page.getByText('Intervjun är avbokad.').waitFor();
    for (const ev of await invitations(mark, 'CANCEL')) expect(ev).toMatchObject({ method: 'CANCEL', uid: booked[0]!.uid, sequence: 2 });
    // Staff call the interview off: the link says so, and the interviewers' times are free again.
    await e2e.dataOf(writer, 'cancel_applicantInterview', { applicationId: a.id, interviewId: made.interviews[0].id });
    await page.goto(`${app.url}${link.pathname}${link.search}`);
    await page.getByText('Intervjun är inställd av arbetsgivaren.').waitFor();
    await page.context().close();
  });
});
