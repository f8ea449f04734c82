import { describe, expect, it } from 'vitest';
import { summerAnswers } from '../integration/helpers/recruiter';
import { createSummerPosition } from './helpers/positions';
import { linkSession, mailedLink } from './helpers/signin';
import { useE2e } from './helpers/fixture';

/**
 * Mina sidor at 390 px (issue 30 items 1 and 3): the applicant books one of the offered
 * interview times, moves it with 'Boka om' across the summer-time change, cancels it with
 * 'Avboka', and names the referee a writer asked for, who then gets the reference link.
 */
describe('Mina sidor: the interview and the referees on a phone', () => {
  const e2e = useE2e();
  const BEFORE = Date.UTC(2027, 2, 27, 9, 0) / 1000;
  const AFTER = Date.UTC(2027, 2, 29, 8, 0) / 1000;
  let round = 0;

  it('books, rebooks and cancels the interview and names a referee', { timeout: 60_000 }, async () => {
    const { app } = e2e;
    round += 1;
    const writer = await e2e.token('writer@demo.test');
    const position = { name: `Mina sidor-jobbet ${round}`, ...(await createSummerPosition(app, writer, `Mina sidor-jobbet ${round}`)) };
    const email = `mina.uppgifter${round}@example.se`;
    const referee = `referent.mina${round}@example.se`;
    const a = await e2e.dataOf(writer, 'create_jobApplication', { email, positionId: position.id, metadata: summerAnswers({ first: 'Mia', last: 'Minsida' }, email, 4) });
    const users = (await e2e.dataOf(await e2e.token('admin@demo.test'), 'get_containerUsers', { containerId: 1 })) as { userId?: number; email: string }[];
    await e2e.dataOf(writer, 'create_interviewSlots', {
      applicationId: a.id, interviewers: [users.find((u) => u.email === 'writer@demo.test')!.userId], place: 'Storgatan 1, Stockholm',
      slots: [{ start: BEFORE, minutes: 30 }, { start: AFTER, minutes: 30 }],
    });
    await e2e.dataOf(writer, 'create_referenceRequest', { id: a.id, askApplicant: 1 });

    const page = await e2e.page({ viewport: 'phone', baseURL: app.url });
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('blankett.token', t), await linkSession(app, email));
    await page.goto('/admin/minasidor?org=1');
    const card = page.getByRole('list', { name: 'Mina ansökningar' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: position.name }) });
    const interview = card.getByRole('region', { name: 'Intervju' });
    await interview.getByText('Demoföretaget AB vill träffa dig för en intervju. Välj den tid som passar dig.').waitFor();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= 390);
    expect(await fits()).toBe(true);

    await interview.getByRole('radio', { name: /lördag 27 mars 2027 kl\. 10:00/ }).check();
    await interview.getByRole('button', { name: 'Boka vald tid' }).click();
    await interview.getByRole('status').getByText('Klart! Intervjun är bokad lördag 27 mars 2027 kl. 10:00. En kalenderinbjudan är skickad till din e-post.').waitFor();
    await interview.getByText('Du har bokat intervju lördag 27 mars 2027 kl. 10:00 (30 minuter).').waitFor();

    await interview.getByRole('button', { name: `Boka om intervjun för ${position.name}` }).click();
    await interview.getByRole('radio', { name: /måndag 29 mars 2027 kl\. 10:00/ }).check();
    expect(await fits()).toBe(true);
    await interview.getByRole('button', { name: 'Boka vald tid' }).click();
    await interview.getByText('Du har bokat intervju måndag 29 mars 2027 kl. 10:00 (30 minuter).').waitFor();

    await interview.getByRole('button', { name: `Avboka intervjun för ${position.name}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Vill du avboka intervjun måndag 29 mars 2027 kl. 10:00? Tiden blir ledig för andra.').waitFor();
    await dialog.getByRole('button', { name: 'Avboka' }).click();
    await interview.getByText('Intervjun är avbokad. Arbetsgivaren och intervjuarna har fått besked.').waitFor();
    await interview.getByRole('radio', { name: /lördag 27 mars 2027 kl\. 10:00/ }).waitFor();

    const referees = card.getByRole('region', { name: 'Referenser' });
    await referees.getByText('Demoföretaget AB ber dig ange en referent. Referenten får ett mejl med en länk där hen kan lämna sin referens.').waitFor();
    await referees.getByLabel('Namn *').fill('Rut Referent');
    await referees.getByLabel('E-post *').fill('rut@exempel');
    await referees.getByLabel('Relation till dig (t.ex. tidigare chef) *').fill('Tidigare chef');
    expect(await fits()).toBe(true);
    await referees.getByRole('button', { name: 'Skicka till referenterna' }).click();
    await referees.getByRole('alert').getByText('Ange en giltig e-postadress till referenten.').waitFor();
    await referees.getByLabel('E-post *').fill(referee);
    await referees.getByRole('button', { name: 'Skicka till referenterna' }).click();
    await card.getByText('Tack! Dina referenter har fått ett mejl med en länk.').waitFor();
    expect(await referees.count()).toBe(0);
    expect(await mailedLink(app, referee, 1, '/referens#')).toMatch(/\/referens#token=/);
    await page.context().close();
  });
});
