import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, container, demoPositions, label, otherOrganisation, validAnswers } from './helpers/domain';
import { mailsTo } from './helpers/mailbox';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

type Template = { positionTypeId: number; labelId: number; subject: string; content: string };

describe.each(storeKinds())('Swedish default email templates on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let writer: string;
  let reader: string;
  let odin: string;

  const templates = async (containerId: number, token = writer) => (await server.call(token, 'get_emailTemplates', { containerId })).body.data as Template[];

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open } = await demoPositions(server));
    [writer, reader, odin] = await Promise.all([server.login(DEMO.writer), server.login(DEMO.reader), server.login(DEMO.odin)]);
  }, 60_000);
  afterAll(() => server?.close());

  it('gives a new organisation a confirmation and one template per Interest label for every position type, and no offer', async () => {
    const r = await server.call(odin, 'create_container', { name: 'nyttbolag', displayName: 'Nytt Bolag AB' });
    expect(r.status, r.text).toBe(200);
    const fresh = await container(server, 'nyttbolag');
    const list = await templates(fresh.id, odin);
    const interest = fresh.labels!.filter((l) => l.labelType === 'Interest');
    expect(list).toHaveLength(interest.length * fresh.positionTypes!.length);
    const subjectOf = (name: string) => list.find((t) => t.labelId === label(fresh, name))!.subject;
    expect(subjectOf('Ej bedömd')).toBe('Tack för din ansökan till {position}');
    expect(subjectOf('Ej intressant')).toBe('Besked om din ansökan till {position}');
    expect(list.find((t) => t.labelId === label(fresh, 'Ej intressant'))!.content).toContain('tyvärr valt att gå vidare med andra kandidater');
    expect((await server.call(odin, 'get_defaultEmailTemplatesOffer', { containerId: fresh.id })).body.data).toEqual({ offered: false, missing: 0 });
  });

  it('offers an existing organisation the templates once; accepting adds the missing ones and keeps its own', async () => {
    // An organisation made before the defaults (the demo seed has them since issue 26).
    const { container: org, token: writer } = await otherOrganisation(server, 'tidigare');
    const typeId = org.positionTypes![0]!.id;
    const own = { containerId: org.id, positionTypeId: typeId, labelId: label(org, 'Intressant'), subject: 'Vår egen', content: '<p>Egen text</p>' };
    expect((await server.call(writer, 'update_containerTemplate', own)).status).toBe(200);
    const expected = org.positionTypes!.length * org.labels!.filter((l) => l.labelType === 'Interest').length;
    expect((await server.call(writer, 'get_defaultEmailTemplatesOffer', { containerId: org.id })).body.data).toEqual({ offered: true, missing: expected - 1 });
    // A reader sees the templates but cannot answer for the organisation.
    expect((await server.call(reader, 'answer_defaultEmailTemplatesOffer', { containerId: c.id, accept: true })).status).toBe(403);
    const r = await server.call(writer, 'answer_defaultEmailTemplatesOffer', { containerId: org.id, accept: true });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ added: expected - 1 });
    const list = await templates(org.id, writer);
    expect(list).toHaveLength(expected);
    expect(list.find((t) => t.positionTypeId === typeId && t.labelId === own.labelId)!.subject).toBe('Vår egen');
    expect((await server.call(writer, 'get_defaultEmailTemplatesOffer', { containerId: org.id })).body.data).toEqual({ offered: false, missing: 0 });
  });

  it('seeds the demo organisation with the templates, so it is not offered them', async () => {
    const expected = c.positionTypes!.length * c.labels!.filter((l) => l.labelType === 'Interest').length;
    expect(await templates(c.id)).toHaveLength(expected);
    expect((await server.call(writer, 'get_defaultEmailTemplatesOffer', { containerId: c.id })).body.data).toEqual({ offered: false, missing: 0 });
  });

  it('sends the default confirmation after applying, with the first name and the position filled in', async () => {
    const email = 'ny.sokande@exempel.se';
    const r = await applyTo(server, open.id, email, validAnswers(email, { form_firstname: 'Nora' }));
    expect(r.status, r.text).toBe(201);
    await expect.poll(async () => (await mailsTo(server, email)).join('\n'), { timeout: 10_000 }).toContain(`Hej Nora!`);
    const text = (await mailsTo(server, email)).join('\n');
    expect(text).toContain(`Tack för din ansökan till tjänsten ${open.name} hos Demoföretaget AB`);
    expect(text).not.toMatch(/\{(firstname|position|company)\}/);
  });

  it('ends the offer without templates when the organisation says no', async () => {
    const other = await otherOrganisation(server, 'nejtack');
    expect((await server.call(other.token, 'get_defaultEmailTemplatesOffer', { containerId: other.container.id })).body.data.offered).toBe(true);
    const r = await server.call(other.token, 'answer_defaultEmailTemplatesOffer', { containerId: other.container.id, accept: false });
    expect(r.body.data).toEqual({ added: 0 });
    expect(await templates(other.container.id, other.token)).toEqual([]);
    expect((await server.call(other.token, 'get_defaultEmailTemplatesOffer', { containerId: other.container.id })).body.data.offered).toBe(false);
  });
});
