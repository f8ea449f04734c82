import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, otherOrganisation, personnummer, validAnswers } from './helpers/domain';
import { mailedToken, mailsTo } from './helpers/mailbox';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * References through the form engine (issue 30 item 3) over real HTTP: a writer asks, the
 * referee gets a mail with a single-use link, answers the reference form without an account,
 * and the answer shows on the application and in its log. Bad input: a link used twice, an
 * expired link, script in an answer, another organisation's staff.
 */
describe.each(storeKinds())('references on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let p: PositionDoc;
  let writer: string;
  let reader: string;
  let outsider: string;
  let serial = 0;

  /** A fresh application on the demo position; returns its id. */
  async function application(): Promise<number> {
    serial += 1;
    const email = `referensfall${serial}@exempel.se`;
    const r = await applyTo(server, p.id, email, validAnswers(email, { form_firstname: 'Rut', form_surname: `Referensdotter${serial}`, form_ssn: personnummer('19900101', String(300 + serial)) }));
    expect(r.status, r.text).toBe(201);
    return r.body.data.id as number;
  }

  /** Asks one referee about a new application; returns the application id, the referee's address and the mailed token. */
  async function asked(name = 'Karin Chef') {
    const id = await application();
    const email = `referent${serial}@exempel.se`;
    const r = await server.call(writer, 'create_referenceRequest', { id, referees: [{ name, email, phone: '0701112233', relation: 'Chef' }] });
    expect(r.status, r.text).toBe(200);
    return { id, email, token: await mailedToken(server, email, 'referens') };
  }

  const open = (token: string) => server.request('POST', '/api/public/references/open', { token });
  const answer = (token: string, answers: Record<string, unknown>) => server.request('POST', '/api/public/references/answer', { token, answers });
  const good = { ref_relation: 'Chef i tre år', ref_duration: 'Tre år', ref_strengths: 'Noggrann\nPålitlig', ref_again: 'ref_again_1' };
  const references = (token: string, id: number) => server.call(token, 'get_references', { id });

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open: p } = await demoPositions(server));
    writer = await server.login(DEMO.writer);
    reader = await server.login(DEMO.reader);
    outsider = (await otherOrganisation(server)).token;
  });
  afterAll(() => server?.close());

  it('mails the referee a link to the reference form; the answer shows on the application and in its log', async () => {
    const { id, email, token } = await asked();
    const [mail] = await mailsTo(server, email);
    expect(mail).toContain('Hej Karin Chef!');
    expect(mail).toContain(`Rut Referensdotter${serial}`);
    expect(mail).toContain('Lämna referens');

    const opened = await open(token);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.data).toMatchObject({ company: expect.any(String), applicant: `Rut Referensdotter${serial}`, position: p.name, referee: 'Karin Chef' });
    // The organisation's seeded 'Referens' form, compiled as the apply page's is.
    expect(Object.keys(opened.body.data.compiledForm.schema.properties)).toEqual(expect.arrayContaining(['ref_relation', 'ref_strengths', 'ref_again']));
    const before = await references(reader, id);
    expect(before.body.data.map((x: { status: string }) => x.status)).toEqual(['sent']);

    const sent = await answer(token, good);
    expect(sent.status, sent.text).toBe(200);
    const after = await references(reader, id);
    expect(after.status, after.text).toBe(200);
    expect(after.body.data).toHaveLength(1);
    expect(after.body.data[0]).toMatchObject({ status: 'answered', formName: 'Referens', referee: { name: 'Karin Chef', email, relation: 'Chef' }, answers: good });
    const a = await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id });
    expect(a!.logs.map((l) => l.text)).toEqual(expect.arrayContaining(['Referens begärd från Karin Chef', 'Referens besvarad av Karin Chef']));
  });

  it('refuses a link used twice, in Swedish, and keeps the first answer', async () => {
    const { id, token } = await asked();
    expect((await answer(token, good)).status).toBe(200);
    const again = await answer(token, { ...good, ref_strengths: 'Ändrat svar' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'reference_answered', message: 'Referensen är redan besvarad. Tack för din hjälp!' });
    const reopened = await open(token);
    expect(reopened.status).toBe(409);
    expect((await references(writer, id)).body.data[0].answers.ref_strengths).toBe('Noggrann\nPålitlig');
  });

  it('refuses an expired link in Swedish and shows the reference as expired', async () => {
    const { id, token } = await asked();
    await server.deps.store.collection('references').updateOne({ applicationId: id }, { $set: { expires: server.deps.now() - 1 } });
    for (const r of [await open(token), await answer(token, good)]) {
      expect(r.status).toBe(410);
      expect(r.body.error.message).toMatch(/har gått ut/);
    }
    const view = await references(writer, id);
    expect(view.body.data[0].status).toBe('expired');
    expect(view.body.data[0]).not.toHaveProperty('answers');
    expect((await open('påhittad-länk-som-inte-finns')).status).toBe(404);
  });

  it('stores script in an answer as harmless text, and refuses an answer that is only script', async () => {
    const { id, token } = await asked();
    const onlyScript = await answer(token, { ...good, ref_strengths: '<script>alert(1)</script>' });
    expect(onlyScript.status).toBe(400);
    expect((await references(writer, id)).body.data[0].status).toBe('sent');
    const r = await answer(token, { ...good, ref_strengths: 'Stark<script>alert(1)</script>', ref_other: '<img src=x onerror="alert(2)">Trevlig <b>kollega</b>' });
    expect(r.status, r.text).toBe(200);
    const stored = (await server.deps.store.collection('references').findOne({ applicationId: id }))!.answers as Record<string, string>;
    expect(stored.ref_strengths).toBe('Stark');
    expect(stored.ref_other).toBe('Trevlig kollega');
    expect(JSON.stringify(stored)).not.toMatch(/<|onerror|script/);
  });

  it('lets no one outside the position ask for or read references, and a reader cannot ask', async () => {
    const { id } = await asked();
    const referees = [{ name: 'Utomstående', email: 'utomstaende@exempel.se' }];
    const foreign = await server.call(outsider, 'create_referenceRequest', { id, referees });
    expect(foreign.status).toBe(404);
    expect((await references(outsider, id)).status).toBe(404);
    expect((await server.call(reader, 'create_referenceRequest', { id, referees })).status).toBe(403);
    expect(await server.deps.store.collection('references').count({ applicationId: id })).toBe(1);
    const bad = await server.call(writer, 'create_referenceRequest', { id, referees: [{ name: 'Fel', email: 'inte-en-adress' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Ange en giltig e-postadress till referenten.');
    expect(await server.deps.store.collection('references').count({ applicationId: id })).toBe(1);
  });

  it('neither asks for nor shows references while anonymous screening hides the application', async () => {
    const { id } = await asked();
    const positions = server.deps.store.collection('positions');
    await positions.updateOne({ id: p.id }, { $set: { anonymous: { untilProcessLabelId: null } } });
    try {
      const read = await references(writer, id);
      expect(read.status).toBe(409);
      expect(read.body.error.message).toMatch(/granskas anonymt/);
      expect((await server.call(writer, 'create_referenceRequest', { id, referees: [{ name: 'Ny Referent', email: 'ny.referent@exempel.se' }] })).status).toBe(409);
    } finally {
      await positions.updateOne({ id: p.id }, { $unset: { anonymous: '' } });
    }
    expect((await references(writer, id)).status).toBe(200);
  });

  it('seeds a reference form template of its own kind that new positions never copy', async () => {
    const list = await server.call(writer, 'get_formTemplates', { containerId: c.id });
    expect(list.status, list.text).toBe(200);
    const ref = list.body.data.find((t: { name: string }) => t.name === 'Referens');
    expect(ref).toMatchObject({ types: 'Referensformulär' });
    const made = await server.call(writer, 'create_position', {
      containerId: c.id, name: 'Utan referensformulär', text: '<p>Text</p>', description: 'Kort', city: 'Lund',
      start: server.deps.now() - 60, stop: server.deps.now() + 86_400, isInternal: false, positionTypeId: p.positionTypeId, templateKey: ref.key,
    });
    expect(made.status).toBe(404);
  });
});
