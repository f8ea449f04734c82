import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetadataProperty } from '../../engine/types';
import type { ContainerDoc, PositionDoc, PositionFormDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, container, demoPositions, otherOrganisation, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

const DAY = 86_400;

describe.each(storeKinds())('positions on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let writer: string;
  let reader: string;
  let open: PositionDoc;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    c = await container(server);
    ({ open } = await demoPositions(server));
    writer = await server.login(DEMO.writer);
    reader = await server.login(DEMO.reader);
  });
  afterAll(() => server?.close());

  const typeId = (name: string) => c.positionTypes!.find((t) => t.name === name)!.id;
  const base = () => {
    const now = server.deps.now();
    return { containerId: c.id, name: 'Lagerarbetare', city: 'Göteborg', description: 'Kort', text: '<p>Text</p>', start: now - DAY, stop: now + 10 * DAY, positionTypeId: typeId('Sommarjobb') };
  };

  it('creates a position whose form is a copy of the position type default template, as form version 1', async () => {
    const r = await server.call(writer, 'create_position', base());
    expect(r.status).toBe(200);
    const p = r.body.data;
    expect(p).toMatchObject({ name: 'Lagerarbetare', status: 'Öppen', formVersion: 1, positionTypeName: 'Sommarjobb', totalApplicants: 0, isArchived: false });
    expect(p.metadata.map((f: MetadataProperty) => f.key)).toContain('form_ssn');
    expect(p.linkId).toMatch(/^[0-9a-f-]{36}$/);
    const forms = await server.deps.store.collection<PositionFormDoc>('positionForms').find({ positionId: p.id });
    expect(forms.map((f) => f.version)).toEqual([1]);
  });

  it('derives the status Öppen, Stängd and Arkiverad from the dates and the archive flag', async () => {
    const now = server.deps.now();
    const future = await server.call(writer, 'create_position', { ...base(), start: now + DAY, stop: now + 2 * DAY });
    expect(future.body.data.status).toBe('Stängd');
    const past = await server.call(writer, 'create_position', { ...base(), start: now - 2 * DAY, stop: now - DAY });
    expect(past.body.data.status).toBe('Stängd');
    const archived = await server.call(writer, 'update_PositionArchivedStatus', { positionId: past.body.data.id, isArchived: true });
    expect(archived.body.data.status).toBe('Arkiverad');
    const back = await server.call(writer, 'update_PositionArchivedStatus', { positionId: past.body.data.id, isArchived: false });
    expect(back.body.data.status).toBe('Stängd');
  });

  it('creates a position from a named template key and refuses an unknown key with 404', async () => {
    const ok = await server.call(writer, 'create_position', { ...base(), templateKey: 'template_standard' });
    expect(ok.status).toBe(200);
    const missing = await server.call(writer, 'create_position', { ...base(), templateKey: 'finns_inte' });
    expect(missing.status).toBe(404);
  });

  it('refuses a form the engine cannot compile and names the problem in details', async () => {
    const before = await server.deps.store.collection('positions').count({});
    const r = await server.call(writer, 'create_position', { ...base(), metadata: [{ key: 'form_x', type: 'nosuchtype', label: 'X' }] });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.error.details)).toContain('form_x');
    expect(await server.deps.store.collection('positions').count({})).toBe(before);
  });

  it('bumps the form version on a form change and keeps an earlier application readable with its own form', async () => {
    const created = (await server.call(writer, 'create_position', base())).body.data;
    const applied = await applyTo(server, created.id, 'version@example.se', validAnswers('version@example.se'));
    expect(applied.status).toBe(201);
    const metadata = [...created.metadata, { key: 'form_text_1000', type: 'text', label: 'Ny fråga', required: false, validators: [] }];
    const updated = await server.call(writer, 'update_position', { ...base(), id: created.id, name: 'Lagerarbetare natt', metadata });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ formVersion: 2, name: 'Lagerarbetare natt' });
    const same = await server.call(writer, 'update_position', { ...base(), id: created.id, name: 'Lagerarbetare natt', metadata });
    expect(same.body.data.formVersion).toBe(2);
    const app = await server.call(reader, 'get_applicantPosition', { id: applied.body.data.id });
    expect(app.body.data.formVersion).toBe(1);
    expect(app.body.data.form.map((f: MetadataProperty) => f.key)).not.toContain('form_text_1000');
  });

  it('refuses to move a position to another container through update_position', async () => {
    const other = await otherOrganisation(server, 'flytt');
    const r = await server.call(writer, 'update_position', { ...base(), id: open.id, containerId: other.container.id });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    const still = await server.deps.store.collection<PositionDoc>('positions').findOne({ id: open.id });
    expect(still?.containerId).toBe(c.id);
  });

  it('copies a position with its form under a new name and linkId', async () => {
    const r = await server.call(writer, 'copy_position', { id: open.id });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: `${open.name} (kopia)`, containerId: c.id, formVersion: 1, totalApplicants: 0 });
    expect(r.body.data.id).not.toBe(open.id);
    expect(r.body.data.linkId).not.toBe(open.linkId);
    expect(r.body.data.metadata).toEqual(open.metadata);
  });

  it('deletes a position with its applications', async () => {
    const created = (await server.call(writer, 'create_position', base())).body.data;
    expect((await applyTo(server, created.id, 'bort@example.se', validAnswers('bort@example.se'))).status).toBe(201);
    expect((await server.call(writer, 'delete_position', { id: created.id })).status).toBe(200);
    expect((await server.call(writer, 'get_position', { id: created.id })).status).toBe(404);
    expect(await server.deps.store.collection('applications').count({ positionId: created.id })).toBe(0);
  });

  it('lists the container positions with status and totals, without their forms', async () => {
    const r = await server.call(reader, 'get_positions', { containerId: c.id });
    expect(r.status).toBe(200);
    const demo = r.body.data.find((p: { id: number }) => p.id === open.id);
    expect(demo).toMatchObject({ status: 'Öppen', totalApplicants: expect.any(Number), totalUnProcessed: expect.any(Number) });
    expect(demo).not.toHaveProperty('metadata');
    const byName = await server.call(reader, 'get_positions_by_container', { name: 'demo' });
    expect(byName.body.data.length).toBe(r.body.data.length);
  });

  it('adds a position type, and refuses a second one with the same name', async () => {
    const admin = await server.login(DEMO.admin);
    const r = await server.call(admin, 'create_positionType', { containerId: c.id, name: 'Timanställning' });
    expect(r.body.data).toEqual({ id: expect.any(Number), name: 'Timanställning' });
    expect((await server.call(admin, 'create_positionType', { containerId: c.id, name: 'timanställning' })).status).toBe(409);
    expect((await server.call(writer, 'create_positionType', { containerId: c.id, name: 'Deltid' })).status).toBe(403);
  });

  it('refuses a reader creating or editing positions', async () => {
    expect((await server.call(reader, 'create_position', base())).status).toBe(403);
    expect((await server.call(reader, 'update_position', { ...base(), id: open.id })).status).toBe(403);
    expect((await server.call(reader, 'delete_position', { id: open.id })).status).toBe(403);
  });

  it('gives a user of another container nothing of this one', async () => {
    const other = await otherOrganisation(server, 'utomstaende');
    expect((await server.call(other.token, 'get_positions', { containerId: c.id })).status).toBe(404);
    expect((await server.call(other.token, 'get_position', { id: open.id })).status).toBe(404);
    expect((await server.call(other.token, 'update_PositionArchivedStatus', { positionId: open.id, isArchived: true })).status).toBe(404);
    expect((await server.call(other.token, 'copy_position', { id: open.id })).status).toBe(404);
    expect((await server.call(other.token, 'get_positions_by_container', { name: 'demo' })).status).toBe(404);
    expect((await server.call(other.token, 'create_position', { ...base() })).status).toBe(404);
    const mine = await server.call(other.token, 'get_positions', { containerId: other.container.id });
    expect(mine.body.data.every((p: { containerId: number }) => p.containerId === other.container.id)).toBe(true);
  });

  it('refuses extra fields and operator values in the data', async () => {
    expect((await server.call(writer, 'create_position', { ...base(), role: 'odin' })).status).toBe(400);
    expect((await server.call(writer, 'get_position', { id: { $ne: null } })).status).toBe(400);
    expect((await server.call(writer, 'create_position', { ...base(), id: 5 })).status).toBe(400);
  });
});
