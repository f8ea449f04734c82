import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, personnummer, validAnswers } from './helpers/domain';
import { signInByLink } from './helpers/mailbox';
import { DEMO, TEST_PASSWORD, startTestServer, type TestServer } from './helpers/server';

describe.each(storeKinds())('skills on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let writer: string;
  let reader: string;
  let skillId: number;
  let questionIds: string[];
  let applicantId: number;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open } = await demoPositions(server));
    writer = await server.login(DEMO.writer);
    reader = await server.login(DEMO.reader);
    const r = await applyTo(server, open.id, 'kim.kompetens@exempel.se', validAnswers('kim.kompetens@exempel.se', { form_ssn: personnummer('19930303') }));
    applicantId = r.body.data.id;
  });
  afterAll(() => server?.close());

  it('saves a skill with new questions (empty ids get ids) and stores its texts safely', async () => {
    const r = await server.call(writer, 'add_skillCommand', {
      containerId: c.id,
      skill: {
        id: 0,
        name: 'Kassavana<script>alert(1)</script>',
        description: '<p onclick="x()">Har jobbat i <strong>kassa</strong><img src=x onerror=alert(2)></p>',
        icon: 'cart',
        questions: [{ id: '', question: 'Hur länge har du jobbat i kassa?', answer: 'Minst ett år' }, { id: 'new_question-2', question: 'Vilka system?' }],
      },
    });
    expect(r.status, r.text).toBe(200);
    skillId = r.body.data.id;
    questionIds = r.body.data.questions.map((q: { id: string }) => q.id);
    expect(questionIds.every((id) => id.length > 10 && !id.startsWith('new_question-'))).toBe(true);
    expect(r.body.data.name).toBe('Kassavana');
    expect(r.body.data.description).not.toMatch(/onclick|onerror|<img|script/);
    expect((await server.call(reader, 'get_containerSkills', { containerId: c.id })).body.data.map((s: { id: number }) => s.id)).toEqual([skillId]);
    expect((await server.call(reader, 'get_skillsIcons', { containerId: c.id })).body.data).toContain('cart');
    expect((await server.call(reader, 'add_skillCommand', { containerId: c.id, skill: { name: 'x' } })).status).toBe(403);
    const empty = await server.call(writer, 'add_skillCommand', { containerId: c.id, skill: { name: ' <b></b> ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Fältet är obligatoriskt');
  });

  it('keeps question ids when a skill is edited', async () => {
    const r = await server.call(writer, 'add_skillCommand', {
      containerId: c.id,
      skill: { id: skillId, name: 'Kassavana', questions: [{ id: questionIds[0], question: 'Hur länge har du jobbat i kassa?' }, { id: questionIds[1], question: 'Vilka kassasystem?' }] },
    });
    expect(r.body.data.questions.map((q: { id: string }) => q.id)).toEqual(questionIds);
  });

  it('groups skills in a collection, refusing skills of another organisation', async () => {
    const r = await server.call(writer, 'add_skillTemplate', { containerId: c.id, template: { name: 'Butik', skillIds: [skillId], icon: 'cart' } });
    expect(r.status, r.text).toBe(200);
    expect((await server.call(reader, 'get_competenceTemplates', { containerId: c.id })).body.data[0]).toMatchObject({ name: 'Butik', skillIds: [skillId] });
    expect((await server.call(writer, 'add_skillTemplate', { containerId: c.id, template: { name: 'Fel', skillIds: [999_999] } })).status).toBe(400);
    expect((await server.call(writer, 'delete_skillTemplate', { containerId: c.id, id: r.body.data.id })).status).toBe(200);
  });

  it('attaches skills to a position, and the applicant answers them and staff read the answers', async () => {
    const att = await server.call(writer, 'add_skillPosition', { containerId: c.id, positionId: open.id, skillId });
    expect(att.status, att.text).toBe(200);
    expect((await server.call(reader, 'get_skillPositions', { containerId: c.id, positionId: open.id })).body.data.map((s: { id: number }) => s.id)).toEqual([skillId]);

    expect((await server.request('POST', '/api/account/register', { email: 'kim.kompetens@exempel.se', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD })).status).toBe(201);
    const kim = await signInByLink(server, 'kim.kompetens@exempel.se');
    const before = await server.call(kim, 'get_applicantSkillsAnswer', { applicantId, containerId: c.id });
    expect(before.body.data.skills[0].questions.map((q: { answer: string }) => q.answer)).toEqual(['', '']);
    const saved = await server.call(kim, 'create_applicantAnswer', {
      applicantId, containerId: c.id, skills: [{ skillId, questions: [{ id: questionIds[0], answer: 'Tre år på ICA' }, { id: questionIds[1], answer: 'Extenda<script>x</script>' }] }],
    });
    expect(saved.status, saved.text).toBe(200);
    const staff = await server.call(reader, 'get_applicantSkillsAnswer', { applicantId, containerId: c.id });
    expect(staff.body.data.skills[0].questions.map((q: { answer: string }) => q.answer)).toEqual(['Tre år på ICA', 'Extenda']);
    const wrong = await server.call(kim, 'create_applicantAnswer', { applicantId, containerId: c.id, skills: [{ skillId, questions: [{ id: 'påhittad', answer: 'x' }] }] });
    expect(wrong.status).toBe(400);
  });

  it('hides an application’s skills from other candidates and outsiders', async () => {
    expect((await server.request('POST', '/api/account/register', { email: 'nyfiken@exempel.se', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD })).status).toBe(201);
    const other = await signInByLink(server, 'nyfiken@exempel.se');
    expect((await server.call(other, 'get_applicantSkillsAnswer', { applicantId, containerId: c.id })).status).toBe(404);
    expect((await server.call(other, 'create_applicantAnswer', { applicantId, containerId: c.id, skills: [] })).status).toBe(404);
    expect((await server.call(other, 'get_containerSkills', { containerId: c.id })).status).toBe(404);
  });

  it('deletes a skill from the positions that had it', async () => {
    expect((await server.call(writer, 'delete_skill', { containerId: c.id, id: skillId })).status).toBe(200);
    expect((await server.call(reader, 'get_skillPositions', { containerId: c.id, positionId: open.id })).body.data).toEqual([]);
  });
});
