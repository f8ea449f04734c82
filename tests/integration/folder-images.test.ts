import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../setup/stores';
import { countAll } from './helpers/counts';
import { container } from './helpers/domain';
import { solidPng } from './helpers/png';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

const dataUrl = (png: Buffer, type = 'image/png') => `data:${type};base64,${png.toString('base64')}`;

/** get_folderImages / upload_folderImage: /admin/banners lists and uploads the ad images by the folder's name. */
describe.each(storeKinds())('image folders by name on the %s store', (kind) => {
  let server: TestServer;
  let writer: string;
  let reader: string;
  let containerId: number;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    [writer, reader] = await Promise.all([server.login(DEMO.writer), server.login(DEMO.reader)]);
    containerId = (await container(server)).id;
  }, 60_000);
  afterAll(() => server?.close());

  const list = async (token = writer) => server.call(token, 'get_folderImages', { containerId, folder: 'Logotyp' });

  it('an upload creates the folder the first time and the list shows it with its public address, never its bytes', async () => {
    const before = (await list()).body.data as unknown[];
    const r = await server.call(writer, 'upload_folderImage', { containerId, folder: 'Logotyp', name: 'logga.png', dataUrl: dataUrl(solidPng(64, 64)) });
    expect(r.status).toBe(200);
    const { id, folderId } = r.body.data as { id: number; folderId: number };
    expect(r.body.data).toEqual({ id, folderId, name: 'logga.png', contentType: 'image/png', url: `/api/public/open/containers/${containerId}/assets?id=assets/${id}` });
    const after = (await list(reader)).body.data as unknown[];
    expect(after).toEqual([...before, r.body.data]);
    const again = await server.call(writer, 'upload_folderImage', { containerId, folder: 'Logotyp', name: 'logga2.png', dataUrl: dataUrl(solidPng(64, 64)) });
    expect((again.body.data as { folderId: number }).folderId).toBe(folderId);
  });

  it('refuses an image outside the folder limits, bytes that are not the type they claim, and a text that is no data URL, at /dataUrl, storing nothing', async () => {
    const before = await countAll(server.deps.store);
    const small = await server.call(writer, 'upload_folderImage', { containerId, folder: 'Annonsbilder', name: 'liten.png', dataUrl: dataUrl(solidPng(100, 50)) });
    expect(small.status).toBe(400);
    expect(small.body.error.details).toEqual([{ path: '/dataUrl', message: 'Bilden är för liten. Minsta storlek är 400x100' }]);
    const lying = await server.call(writer, 'upload_folderImage', { containerId, folder: 'Annonsbilder', name: 'x.gif', dataUrl: dataUrl(solidPng(800, 200), 'image/gif') });
    expect(lying.status).toBe(400);
    expect(lying.body.error.details[0].path).toBe('/dataUrl');
    const text = await server.call(writer, 'upload_folderImage', { containerId, folder: 'Annonsbilder', name: 'x.txt', dataUrl: 'data:text/plain;base64,aGVq' });
    expect(text.status).toBe(400);
    expect(text.body.error.details).toEqual([{ path: '/dataUrl', message: 'Bilden kunde inte läsas. Använd png, jpg, gif, bmp eller webp.' }]);
    // A folder other than the three image folders is not an image folder.
    expect((await server.call(writer, 'get_folderImages', { containerId, folder: 'PositionTemplates' })).status).toBe(400);
    // Nothing at all: not even the 'Annonsbilder' folder the refused upload would have made.
    expect(await countAll(server.deps.store)).toEqual(before);
  });

  it('a reader may list but not upload', async () => {
    expect((await list(reader)).status).toBe(200);
    const r = await server.call(reader, 'upload_folderImage', { containerId, folder: 'Logotyp', name: 'x.png', dataUrl: dataUrl(solidPng(64, 64)) });
    expect(r.status).toBe(403);
  });
});
