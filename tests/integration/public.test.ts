import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { demoPositions } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

const DAY = 86_400;

describe.each(storeKinds())('public calls on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let internal: PositionDoc;
  let closed: number;
  let archived: number;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open, internal } = await demoPositions(server));
    const writer = await server.login(DEMO.writer);
    const now = server.deps.now();
    const make = async (name: string, start: number, stop: number) =>
      (await server.call(writer, 'create_position', { containerId: c.id, name, start, stop, positionTypeId: open.positionTypeId })).body.data.id as number;
    closed = await make('Gammal tjänst', now - 10 * DAY, now - DAY);
    archived = await make('Arkiverad tjänst', now - DAY, now + DAY);
    await server.call(writer, 'update_PositionArchivedStatus', { positionId: archived, isArchived: true });
  });
  afterAll(() => server?.close());

  it('lists only public, not archived, open positions with the summary shape', async () => {
    const r = await server.request('GET', '/api/public/positions?take=30&page=1');
    expect(r.status).toBe(200);
    const { items, total, page, take } = r.body.data;
    expect({ total, page, take }).toEqual({ total: 1, page: 1, take: 30 });
    expect(items).toEqual([
      expect.objectContaining({
        id: open.id, name: open.name, slug: 'sommarjobbare-till-var-butik-i-stockholm', city: 'Stockholm', status: 'Öppen',
        containerId: c.id, containerName: 'demo', displayName: 'Demoföretaget AB', positionTypeName: 'Sommarjobb',
      }),
    ]);
    expect(items[0]).not.toHaveProperty('metadata');
    const filtered = await server.request('GET', `/api/public/positions?containerId=${c.id + 1000}`);
    expect(filtered.body.data.items).toEqual([]);
  });

  it('refuses a malformed page or take', async () => {
    expect((await server.request('GET', '/api/public/positions?take=0')).status).toBe(400);
    expect((await server.request('GET', '/api/public/positions?take=abc')).status).toBe(400);
    expect((await server.request('GET', '/api/public/positions?page=-1')).status).toBe(400);
  });

  it('returns one public position with its form, messages and formVersion', async () => {
    const r = await server.request('GET', `/api/public/positions/${open.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: open.id, isInternal: false, formVersion: 1, status: 'Öppen', messages: {} });
    expect(r.body.data.metadata.length).toBe(open.metadata.length);
    expect(r.body.data).not.toHaveProperty('linkId');
  });

  it('shows closed and archived positions as Stängd', async () => {
    expect((await server.request('GET', `/api/public/positions/${closed}`)).body.data.status).toBe('Stängd');
    expect((await server.request('GET', `/api/public/positions/${archived}`)).body.data.status).toBe('Stängd');
  });

  it('reaches an internal position only by its guid, never by number and never in the list', async () => {
    const byGuid = await server.request('GET', `/api/public/positions/${internal.linkId}`);
    expect(byGuid.status).toBe(200);
    expect(byGuid.body.data).toMatchObject({ id: internal.id, isInternal: true, linkId: internal.linkId });
    expect((await server.request('GET', `/api/public/positions/${internal.id}`)).status).toBe(404);
    expect((await server.request('GET', `/api/public/positions/${open.linkId}`)).status).toBe(404);
    expect((await server.request('GET', `/api/public/open/${internal.id}/container`)).status).toBe(404);
    expect((await server.request('GET', `/api/public/open/${internal.linkId}/container`)).status).toBe(200);
    const list = await server.request('GET', '/api/public/positions');
    expect(list.body.data.items.map((p: { id: number }) => p.id)).not.toContain(internal.id);
  });

  it('answers 404 for unknown ids and for anything that is neither a number nor a guid', async () => {
    expect((await server.request('GET', '/api/public/positions/987654')).status).toBe(404);
    expect((await server.request('GET', '/api/public/positions/abc')).status).toBe(404);
    expect((await server.request('GET', '/api/public/containers/finnsinte')).status).toBe(404);
  });

  it('returns the public container by name and by position, with the default theme when none is set', async () => {
    const byName = await server.request('GET', '/api/public/containers/demo');
    expect(byName.status).toBe(200);
    expect(byName.body.data).toMatchObject({ id: c.id, name: 'demo', displayName: 'Demoföretaget AB', profile: { showAge: false, showGender: false } });
    expect(byName.body.data.theme.button.backgroundColor).toBe('#2522BA');
    const byPosition = await server.request('GET', `/api/public/open/${open.id}/container`);
    expect(byPosition.body.data).toEqual(byName.body.data);
    expect(JSON.stringify(byName.body.data)).not.toContain('passwordHash');
  });

  it('counts a view each time a position is opened', async () => {
    const before = (await server.deps.store.collection<PositionDoc>('positions').findOne({ id: open.id }))!.views;
    await server.request('GET', `/api/public/positions/${open.id}`);
    const after = (await server.deps.store.collection<PositionDoc>('positions').findOne({ id: open.id }))!.views;
    expect(after).toBe(before + 1);
  });
});
