import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import type { EmailLogEntry } from '../../server/domain/mail/email';
import { sendConfirmation } from '../../server/domain/mail/confirmation';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, label, personnummer, validAnswers } from './helpers/domain';
import { mailsTo } from './helpers/mailbox';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * Issue 24: "a 40-character first name still carries a URL into the confirmation mail". No
 * link or URL-like text an applicant typed reaches a mail: a name holding one is refused when
 * applying (a real name never holds a domain), and every mail path merges applicant values
 * without link-like words (engine/link-text.ts) — for values stored before the rule, or
 * edited since.
 */
const LINKS = ['https://evil.se/x', 'evil.com/logga-in', 'www.evil.se', 'evil.se', 'ｅｖｉｌ．ｓｅ/x', 'evil\u200b.se', 'evil。se', 'mailto:hej@evil.se', 'javascript:alert(1)'];
const NO_LINK = /evil|https?:|www\.|mailto:|javascript:/i;

describe.each(storeKinds())('no link of an applicant in a mail on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let writer: string;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open } = await demoPositions(server));
    writer = await server.login(DEMO.writer);
    const t = await server.call(writer, 'update_containerTemplate', {
      containerId: c.id, positionTypeId: open.positionTypeId, labelId: label(c, 'Ej bedömd'), subject: 'Tack {firstname}', content: '<p>Hej {firstname}, tack för din ansökan till {position}.</p>',
    });
    expect(t.status, t.text).toBe(200);
  }, 60_000);
  afterAll(() => server?.close());

  const answers = (email: string, over: Record<string, unknown>) => validAnswers(email, { form_ssn: personnummer('19920202', String(100 + ++n)), ...over });

  it.each(LINKS)('refuses a first or last name holding %s, stores nothing and mails nothing', async (link) => {
    for (const field of ['form_firstname', 'form_surname']) {
      const email = `lank${++n}@exempel.se`;
      const r = await applyTo(server, open.id, email, answers(email, { [field]: `Anna ${link}` }));
      expect(r.status, r.text).toBe(400);
      expect(r.body.error.details).toEqual([expect.objectContaining({ key: field, message: sv.domain.nameHasLink })]);
      expect(await server.deps.store.collection('applications').count({ email })).toBe(0);
      expect(await mailsTo(server, email)).toEqual([]);
    }
  });

  it('a stored name, city or phone holding links (from before the rule, or edited) reaches no confirmation and no staff mail', async () => {
    const email = `lagrad${++n}@exempel.se`;
    // A real name with a hyphen, an initial and a particle is no link: accepted.
    const r = await applyTo(server, open.id, email, answers(email, { form_firstname: 'Per-Olof A.', form_surname: 'von Essen' }));
    expect(r.status, r.text).toBe(201);
    const id = r.body.data.id as number;
    const apps = server.deps.store.collection<ApplicationDoc>('applications');
    const firstname = 'Anna https://evil.se/logga-in';
    await apps.updateOne({ id }, { $set: { 'info.firstname': firstname, 'info.lastname': 'www.evil.se', 'info.name': `${firstname} evil.com/x`, 'info.city': 'ｅｖｉｌ．ｓｅ', 'info.phone': 'evil.se/ring' } });
    const doc = (await apps.findOne({ id }))!;
    const logged = async () => ((await apps.findOne({ id }))?.logs ?? []).filter((l): l is EmailLogEntry => l.what === 'email');
    // The confirmation of the application itself went out before the name was changed.
    await expect.poll(async () => (await mailsTo(server, email)).length, { timeout: 10_000 }).toBe(1);
    const before = 1;

    await sendConfirmation(server.deps, doc, open, c);
    const mail = { applicantId: id, email, subject: 'Hej {firstname} {lastname}', body: '<p>{name} i {city}, vi ringer {phone}. Hälsningar {company}</p>' };
    const sent = await server.call(writer, 'send_email', mail);
    expect(sent.status, sent.text).toBe(200);
    const many = await server.call(writer, 'send_emailToApplicants', { positionId: open.id, recipients: [id], subject: mail.subject, body: mail.body });
    expect(many.status, many.text).toBe(200);

    await expect.poll(async () => (await mailsTo(server, email)).length, { timeout: 10_000 }).toBe(before + 3);
    const texts = (await mailsTo(server, email)).slice(before);
    expect(texts.join('\n')).toContain('Hej Anna, tack för din ansökan');
    for (const text of texts) expect(text.replace(/https?:\/\/[^\s)"]*\/signin-link#[^\s)"]*/g, '')).not.toMatch(NO_LINK);
    const subjects = (await logged()).slice(-3).map((l) => l.subject);
    // The log keeps the templates, with no value of the applicant's at all (issue 24: anonymous screening).
    expect(subjects).toEqual(['Tack {firstname}', 'Hej {firstname} {lastname}', 'Hej {firstname} {lastname}']);
    expect(JSON.stringify(await logged())).not.toMatch(NO_LINK);
  });
});
