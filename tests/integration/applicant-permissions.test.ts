import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { container, label, otherOrganisation } from './helpers/domain';
import { register, summerAnswers, summerPosition } from './helpers/recruiter';
import { DEMO, TEST_PASSWORD, startTestServer, type TestServer } from './helpers/server';

describe.each(storeKinds())('who may work a position page on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let writer: string;
  let reader: string;
  let posWriter: string;
  let outsider: string;
  let mine: number;
  let other: number;
  let mineIds: number[];
  let otherIds: number[];
  let foreignPosition: number;
  let foreignIds: number[];

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    c = await container(server);
    writer = await server.login(DEMO.writer);
    reader = await server.login(DEMO.reader);
    mine = await summerPosition(server, writer, c.id, 'Min annons');
    other = await summerPosition(server, writer, c.id, 'Någon annans annons');
    mineIds = await register(server, writer, mine, [{ first: 'Ada', last: 'Ek', licence: true, car: true }, { first: 'Ben', last: 'Ås' }]);
    otherIds = await register(server, writer, other, [{ first: 'Cia', last: 'Berg' }]);
    // A Read member with Write on one position only.
    const r = await server.request('POST', '/api/account/register', { email: 'pos@matris.test', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    expect(r.status).toBe(201);
    const { store } = server.deps;
    await store.collection('memberships').insertOne({ id: await store.nextSequence('memberships'), containerId: c.id, userId: r.body.data.id, email: 'pos@matris.test', permissionIds: [3] });
    await store.collection('positionPermissions').insertOne({ id: await store.nextSequence('positionPermissions'), containerId: c.id, positionId: mine, userId: r.body.data.id, email: 'pos@matris.test', permissionName: 'Write' });
    posWriter = await server.login('pos@matris.test');
    const foreign = await otherOrganisation(server);
    outsider = foreign.token;
    foreignPosition = await summerPosition(server, outsider, foreign.container.id, 'Främmande annons');
    foreignIds = await register(server, outsider, foreignPosition, [{ first: 'Dan', last: 'Falk' }]);
  });
  afterAll(() => server?.close());

  it('lets a reader see everything and change nothing (403)', async () => {
    expect((await server.call(reader, 'get_applicantPositionByPosition', { positionId: mine })).status).toBe(200);
    expect((await server.call(reader, 'get_applicantIdsByFilter', { positionId: mine })).body.data.total).toBe(2);
    expect((await server.call(reader, 'get_applicantPosition', { id: mineIds[0] })).status).toBe(200);
    const intressant = label(c, 'Intressant');
    for (const [action, data] of [
      ['update_jobApplicationStatus', { labelId: intressant, ids: mineIds }],
      ['update_jobApplicationProcess', { labelId: label(c, 'Intervju'), ids: mineIds }],
      ['create_JobApplicantNote', { id: mineIds[0], note: 'Nej' }],
      ['delete_jobapplication', { positionId: mine, id: mineIds[0] }],
      ['create_jobApplication', { email: 'ny@example.se', positionId: mine, metadata: summerAnswers({ first: 'Ny', last: 'Person' }, 'ny@example.se', 7) }],
      ['update_PositionArchivedStatus', { positionId: mine, isArchived: true }],
    ] as const) {
      const r = await server.call(reader, action, data);
      expect(r.status, `${action}: ${r.text}`).toBe(403);
    }
  });

  it('lets a user with Write on one position work that position and not another', async () => {
    const intressant = label(c, 'Intressant');
    expect((await server.call(posWriter, 'update_jobApplicationStatus', { labelId: intressant, ids: mineIds })).status).toBe(200);
    expect((await server.call(posWriter, 'create_JobApplicantNote', { id: mineIds[0], note: 'Ring tillbaka' })).status).toBe(200);
    const registered = await server.call(posWriter, 'create_jobApplication', { email: 'egen@example.se', positionId: mine, metadata: summerAnswers({ first: 'Egen', last: 'Sökande' }, 'egen@example.se', 8) });
    expect(registered.status, registered.text).toBe(200);
    expect((await server.call(posWriter, 'update_jobApplicationStatus', { labelId: intressant, ids: otherIds })).status).toBe(403);
    expect((await server.call(posWriter, 'update_jobApplicationStatus', { labelId: intressant, ids: [...mineIds, ...otherIds] })).status).toBe(403);
    expect((await server.call(posWriter, 'delete_jobapplication', { positionId: other, id: otherIds[0] })).status).toBe(403);
    const stored = await server.deps.store.collection('applications').findOne({ id: otherIds[0] });
    expect(stored?.interestLabelId).not.toBe(intressant);
  });

  it("never shows another organisation's applicants, whatever ids are sent", async () => {
    for (const [action, data] of [
      ['get_applicantPositionByPosition', { positionId: foreignPosition }],
      ['get_applicantIdsByFilter', { positionId: foreignPosition }],
      ['get_applicantCounts', { positionId: foreignPosition }],
      ['get_applicantNeighbours', { positionId: foreignPosition, id: foreignIds[0] }],
      ['get_applicantPosition', { id: foreignIds[0] }],
      ['update_jobApplicationStatus', { labelId: label(c, 'Intressant'), ids: foreignIds }],
      ['create_jobApplication', { email: 'x@example.se', positionId: foreignPosition, metadata: {} }],
    ] as const) {
      const r = await server.call(writer, action, data);
      expect(r.status, `${action}: ${r.text}`).toBe(404);
      expect(r.text).not.toContain('Falk');
    }
    // Mixing: our position with their applicant id answers nothing about theirs.
    const mixed = await server.call(writer, 'get_applicantNeighbours', { positionId: mine, id: foreignIds[0] });
    expect(mixed.status).toBe(404);
    const filtered = await server.call(writer, 'get_applicantPositionByPosition', { positionId: mine, appliedPositionIds: [foreignPosition] });
    expect(filtered.body.data.items).toEqual([]);
  });

  it('registers an application by hand with the same validation as apply, and logs who did it', async () => {
    const bad = await server.call(writer, 'create_jobApplication', { email: 'fel@example.se', positionId: mine, metadata: { ...summerAnswers({ first: 'Fel', last: 'Data' }, 'fel@example.se', 9), form_ssn: '19900101-0000', form_agreement: false } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { key: string }) => d.key).sort()).toEqual(['form_agreement', 'form_ssn']);
    expect(await server.deps.store.collection('applications').count({ email: 'fel@example.se' })).toBe(0);
    const twice = await server.call(writer, 'create_jobApplication', { email: 'egen@example.se', positionId: mine, metadata: summerAnswers({ first: 'Egen', last: 'Sökande' }, 'egen@example.se', 8) });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('Enligt våra noteringar har du redan gjort en ansökan till tjänsten.');
    await server.call(writer, 'update_PositionArchivedStatus', { positionId: other, isArchived: true });
    const late = await server.call(writer, 'create_jobApplication', { email: 'sen@example.se', positionId: other, metadata: summerAnswers({ first: 'Sen', last: 'Pappersansökan' }, 'sen@example.se', 10) });
    expect(late.status, late.text).toBe(200);
    const shown = await server.call(reader, 'get_applicantPosition', { id: late.body.data.id });
    expect(shown.body.data.logs[0]).toMatchObject({ what: 'created', text: 'Ansökan registrerad av personal' });
    expect(shown.body.data.logs[0].by).toBeTruthy();
  });
});
