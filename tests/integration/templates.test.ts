import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { PDF, container, otherOrganisation } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { solidPng } from './helpers/png';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
const decode = (data: string) => JSON.parse(Buffer.from(data, 'base64').toString('utf8'));

describe.each(storeKinds())('templates as assets on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let writer: string;
  let folderId: number;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    c = await container(server);
    writer = await server.login(DEMO.writer);
    const folders = await server.call(writer, 'get_folders', { containerId: c.id });
    folderId = folders.body.data.find((f: { name: string }) => f.name === 'PositionTemplates').id;
  });
  afterAll(() => server?.close());

  const types = (defaultFor: string[]) =>
    c.positionTypes!.map((t) => ({ positionTypeId: t.id, positionTypeName: t.name, included: true, default: defaultFor.includes(t.name) }));
  const template = (key: string, defaultFor: string[] = []) => ({
    key,
    name: `Mall ${key}`,
    description: 'En testmall',
    availableInPositionTypes: types(defaultFor),
    metadata: [
      { key: 'form_firstname', type: 'text', label: 'Förnamn', required: true, order: 1, validators: [{ name: 'minLength', data: 1 }] },
      { key: 'form_email', type: 'email', label: 'E-post', required: true, order: 2, validators: [{ name: 'validEmail', data: null }] },
    ],
  });
  const save = (data: Record<string, unknown>) =>
    server.call(writer, 'create_positionTemplateAssetCommand', { folderId, containerId: c.id, contentType: 'application/json', ...data });
  const templatesInFolder = async () => {
    const r = await server.call(writer, 'get_folder', { containerId: c.id, id: folderId });
    return (r.body.data.assets as { id: number; data: string; revision: number }[]).map((a) => ({ ...a, template: decode(a.data) }));
  };

  it('seeds the PositionTemplates folder with the default form as default for both position types', async () => {
    const list = await templatesInFolder();
    const standard = list.find((a) => a.template.key === 'template_standard')!;
    expect(standard.template.availableInPositionTypes.every((t: { default: boolean }) => t.default)).toBe(true);
    expect(standard).toMatchObject({ contentType: 'application/json' });
  });

  it('stores a new template as a base64 JSON asset with revision 1', async () => {
    const r = await save({ name: 'Lager', data: b64(template('lager')) });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ folderId, containerId: c.id, contentType: 'application/json', name: 'Lager', revision: 1 });
    expect(decode(r.body.data.data)).toMatchObject({ key: 'lager', folderId, createdBy: 'Viktor Skribent' });
  });

  it('refuses a template that does not match the schema or does not compile, storing nothing', async () => {
    const before = (await templatesInFolder()).length;
    const noMetadata = await save({ name: 'Trasig', data: b64({ key: 'trasig', name: 'Trasig' }) });
    expect(noMetadata.status).toBe(400);
    const badType = template('trasig2');
    badType.metadata.push({ key: 'form_x', type: 'finnsinte', label: 'X', required: false, order: 3, validators: [] });
    const notCompiling = await save({ name: 'Trasig', data: b64(badType) });
    expect(notCompiling.status).toBe(400);
    expect(JSON.stringify(notCompiling.body.error.details)).toContain('form_x');
    expect((await save({ name: 'Trasig', data: 'inte base64 json!' })).status).toBe(400);
    const operator = Buffer.from(JSON.stringify(template('op')).replace('"required":true', '"required":{"$ne":null}')).toString('base64');
    expect((await save({ name: 'Trasig', data: operator })).status).toBe(400);
    const proto = Buffer.from(JSON.stringify(template('proto')).replace('"order":1', '"__proto__":{"x":1},"order":1')).toString('base64');
    expect((await save({ name: 'Trasig', data: proto })).status).toBe(400);
    expect((await templatesInFolder()).length).toBe(before);
  });

  it('answers 409 to an update with a stale revision, so two editors cannot overwrite each other', async () => {
    const created = (await save({ name: 'Delad', data: b64(template('delad')) })).body.data;
    const first = await save({ id: created.id, revision: 1, name: 'Delad v2', data: b64({ ...template('delad'), name: 'Första' }) });
    expect(first.status).toBe(200);
    expect(first.body.data.revision).toBe(2);
    const second = await save({ id: created.id, revision: 1, name: 'Delad v2b', data: b64({ ...template('delad'), name: 'Andra' }) });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('conflict');
    const stored = (await templatesInFolder()).find((a) => a.id === created.id)!;
    expect(stored.template.name).toBe('Första');
  });

  it('refuses a second template with a key already in use', async () => {
    expect((await save({ name: 'Dubblett', data: b64(template('lager')) })).status).toBe(409);
  });

  it('clears a position type default in the other templates when a template takes it', async () => {
    const r = await save({ name: 'Sommar', data: b64(template('sommar', ['Sommarjobb'])) });
    expect(r.status).toBe(200);
    const list = await templatesInFolder();
    const summer = c.positionTypes!.find((t) => t.name === 'Sommarjobb')!.id;
    const defaults = list.filter((a) => a.template.availableInPositionTypes.some((t: { positionTypeId: number; default: boolean }) => t.positionTypeId === summer && t.default));
    expect(defaults.map((a) => a.template.key)).toEqual(['sommar']);
    const standard = list.find((a) => a.template.key === 'template_standard')!;
    expect(standard.revision).toBe(2);
    const position = await server.call(writer, 'create_position', {
      containerId: c.id, name: 'Ny sommar', start: server.deps.now(), stop: server.deps.now() + 1000, positionTypeId: summer,
    });
    expect((position.body.data as PositionDoc).metadata.map((f) => f.key)).toEqual(['form_firstname', 'form_email']);
  });

  it('keeps templates out of other folders and other content types', async () => {
    const folder = await server.call(writer, 'create_Folder', { containerId: c.id, name: 'Annonsbilder' });
    expect(folder.status).toBe(200);
    expect((await server.call(writer, 'create_Folder', { containerId: c.id, name: 'Annonsbilder' })).status).toBe(409);
    const wrongFolder = await server.call(writer, 'create_positionTemplateAssetCommand', {
      folderId: folder.body.data.id, containerId: c.id, contentType: 'application/json', name: 'X', data: b64(template('x')),
    });
    expect(wrongFolder.status).toBe(400);
    const viaAsset = await server.call(writer, 'create_containerAssetCommand', {
      folderId, containerId: c.id, contentType: 'application/json', name: 'Y', data: b64({ key: 'y', name: 'Y' }),
    });
    expect(viaAsset.status).toBe(400);
  });

  it('stores images whose bytes match their type, serves them publicly with nosniff, and deletes them', async () => {
    const folder = (await server.call(writer, 'get_folders', { containerId: c.id })).body.data.find((f: { name: string }) => f.name === 'Annonsbilder');
    // An ad image within the folder's size limits (engine/imageLimits.ts: at least 400×100).
    const banner = solidPng(800, 200);
    const png = await server.call(writer, 'create_containerAssetCommand', {
      folderId: folder.id, containerId: c.id, contentType: 'image/png', name: 'banner.png', data: banner.toString('base64'),
    });
    expect(png.status).toBe(200);
    const liar = await server.call(writer, 'create_containerAssetCommand', {
      folderId: folder.id, containerId: c.id, contentType: 'image/png', name: 'fake.png', data: PDF.toString('base64'),
    });
    expect(liar.status).toBe(400);
    const res = await fetch(`${server.url}/api/public/open/containers/${c.id}/assets?id=assets/Annonsbilder/banner.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(banner)).toBe(true);
    const byId = await fetch(`${server.url}/api/public/open/containers/${c.id}/assets?id=assets/${png.body.data.id}`);
    expect(byId.status).toBe(200);
    const template = (await templatesInFolder())[0]!;
    expect((await fetch(`${server.url}/api/public/open/containers/${c.id}/assets?id=assets/${template.id}`)).status).toBe(404);
    const del = await server.call(writer, 'delete_ContainerAsset', { folderId: folder.id, containerId: c.id, id: png.body.data.id });
    expect(del.status).toBe(200);
    expect((await fetch(`${server.url}/api/public/open/containers/${c.id}/assets?id=assets/${png.body.data.id}`)).status).toBe(404);
  });

  it('gives a user of another container none of these folders or assets', async () => {
    const other = await otherOrganisation(server, 'mallar');
    expect((await server.call(other.token, 'get_folder', { containerId: c.id, id: folderId })).status).toBe(404);
    expect((await server.call(other.token, 'get_folder', { containerId: other.container.id, id: folderId })).status).toBe(404);
    const list = await templatesInFolder();
    const r = await server.call(other.token, 'delete_ContainerAsset', { folderId, containerId: other.container.id, id: list[0]!.id });
    expect(r.status).toBe(404);
    const overwrite = await server.call(other.token, 'create_positionTemplateAssetCommand', {
      id: list[0]!.id, revision: list[0]!.revision, folderId, containerId: other.container.id, contentType: 'application/json', name: 'Kapad', data: b64(template('kapad')),
    });
    expect(overwrite.status).toBe(404);
    expect((await templatesInFolder()).length).toBe(list.length);
  });

  it('refuses a reader writing templates', async () => {
    const reader = await server.login(DEMO.reader);
    const r = await server.call(reader, 'create_positionTemplateAssetCommand', {
      folderId, containerId: c.id, contentType: 'application/json', name: 'Läsare', data: b64(template('lasare')),
    });
    expect(r.status).toBe(403);
  });
});
