import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { container } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

/** get_formTemplates: /admin/form-templates lists the templates decoded, never their bytes. */
describe.each(storeKinds())('the form template list on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let writer: string;
  let reader: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    c = await container(server);
    [writer, reader] = await Promise.all([server.login(DEMO.writer), server.login(DEMO.reader)]);
  }, 60_000);
  afterAll(() => server?.close());

  const rows = async (token = writer) => (await server.call(token, 'get_formTemplates', { containerId: c.id })).body.data as Record<string, unknown>[];

  it('lists each template with its types as one Swedish text and its number of fields, and a new one after a save', async () => {
    const seeded = await rows(reader);
    const standard = seeded.find((r) => r.key === 'template_standard')!;
    const [first, second] = c.positionTypes!;
    expect(standard.types).toBe(`${first!.name} (standard), ${second!.name} (standard)`);
    expect(standard.fields).toBeGreaterThan(0);
    expect(Object.keys(standard).sort()).toEqual(['description', 'fields', 'folderId', 'id', 'key', 'name', 'types']);

    const folderId = standard.folderId;
    const template = {
      key: 'lista',
      name: 'Mall lista',
      availableInPositionTypes: [
        { positionTypeId: first!.id, positionTypeName: first!.name, included: false, default: false },
        { positionTypeId: second!.id, positionTypeName: second!.name, included: true, default: false },
      ],
      metadata: [{ key: 'form_email', type: 'email', label: 'E-post', required: true, order: 1, validators: [{ name: 'validEmail', data: null }] }],
    };
    const saved = await server.call(writer, 'create_positionTemplateAssetCommand', { folderId, containerId: c.id, contentType: 'application/json', name: 'Mall lista', data: b64(template) });
    expect(saved.status).toBe(200);
    const after = await rows();
    expect(after).toHaveLength(seeded.length + 1);
    expect(after.at(-1)).toEqual({ id: saved.body.data.id, folderId, key: 'lista', name: 'Mall lista', description: '', types: second!.name, fields: 1 });

    const none = { ...template, key: 'ingen', name: 'Mall ingen', availableInPositionTypes: template.availableInPositionTypes.map((a) => ({ ...a, included: false })) };
    await server.call(writer, 'create_positionTemplateAssetCommand', { folderId, containerId: c.id, contentType: 'application/json', name: 'Mall ingen', data: b64(none) });
    expect((await rows()).at(-1)).toMatchObject({ key: 'ingen', types: 'Inga tjänstetyper valda' });
  });

  it('writes one Formulärmall sparad event per editing session, not one per autosave (issue 26)', async () => {
    const events = () => server.deps.store.collection<{ action: string; at: number; counts?: { saves?: number } }>('events').find({ containerId: c.id, action: 'create_positionTemplateAssetCommand' });
    const before = (await events()).length;
    const folderId = (await rows()).find((r) => r.key === 'template_standard')!.folderId;
    const template = { key: 'session', name: 'Mall session', availableInPositionTypes: [], metadata: [{ key: 'form_email', type: 'email', label: 'E-post', required: true, order: 0, validators: [] }] };
    const first = await server.call(writer, 'create_positionTemplateAssetCommand', { folderId, containerId: c.id, contentType: 'application/json', name: 'Mall session', data: b64(template) });
    expect(first.status).toBe(200);
    // The builder's autosave after each pause: the same template saved again and again.
    let revision = first.body.data.revision;
    for (const label of ['E-postadress', 'Din e-post', 'E-post (jobb)']) {
      const again = { ...template, metadata: [{ ...template.metadata[0]!, label }] };
      const r = await server.call(writer, 'create_positionTemplateAssetCommand', { id: first.body.data.id, revision, folderId, containerId: c.id, contentType: 'application/json', name: 'Mall session', data: b64(again) });
      expect(r.status, r.text).toBe(200);
      revision = r.body.data.revision;
    }
    const after = await events();
    expect(after.length - before).toBe(1);
    expect(after.at(-1)?.counts?.saves).toBe(4);
  });

  it('is only the caller’s own organisation’s', async () => {
    const r = await server.call(writer, 'get_formTemplates', { containerId: c.id + 1000 });
    expect([403, 404]).toContain(r.status);
  });
});
