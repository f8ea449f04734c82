import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { PDF, applyTo, dataUrl, demoPositions, label, otherOrganisation, positions, validAnswers } from './helpers/domain';
import { fill } from '../../engine/fill';
import { pdfPageTexts } from './helpers/pdf';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

describe.each(storeKinds())('API keys and /api/v1 on the %s store', (kind) => {
  let server: TestServer;
  let admin: string;
  let demo: ContainerDoc;
  let own: ApplicationDoc;
  let foreign: ApplicationDoc;
  let open: PositionDoc;

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const v1 = (key: string, path: string, body?: unknown) => server.request(body === undefined ? 'GET' : 'POST', `/api/v1${path}`, body, bearer(key));
  const newKey = async (scopes: string[], name = 'HR-systemet') => {
    const r = await server.call(admin, 'create_apiKey', { containerId: demo.id, name, scopes });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { id: number; key: string };
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    admin = await server.login(DEMO.admin);
    ({ container: demo, open } = await demoPositions(server));
    const file = [{ filename: 'cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', PDF) }];
    expect((await applyTo(server, open.id, 'api@example.se', validAnswers('api@example.se', { form_file: file }))).status).toBe(201);
    const other = await otherOrganisation(server);
    const [otherOpen] = (await positions(server, other.container.id)).filter((p) => !p.isInternal);
    expect((await applyTo(server, otherOpen!.id, 'annan@example.se', validAnswers('annan@example.se'))).status).toBe(201);
    const apps = server.deps.store.collection<ApplicationDoc>('applications');
    own = (await apps.findOne({ email: 'api@example.se' }))!;
    foreign = (await apps.findOne({ email: 'annan@example.se' }))!;
  }, 60_000);
  afterAll(() => server?.close());

  it('shows a key once, stores only its hash, and lists name, scopes, created and last used', async () => {
    const { id, key } = await newKey(['applications:read']);
    expect(key).toMatch(/^blk_[A-Za-z0-9_-]{43}$/);
    const stored = JSON.stringify(await server.deps.store.collection('apiKeys').findOne({ id }));
    expect(stored).not.toContain(key.slice(4));
    expect((await v1(key, '/applications')).status).toBe(200);
    const list = await server.call(admin, 'get_apiKeys', { containerId: demo.id });
    const row = list.body.data.find((k: { id: number }) => k.id === id);
    expect(row).toEqual({ id, name: 'HR-systemet', scopes: ['applications:read'], created: expect.any(Number), lastUsed: expect.any(Number) });
    expect(JSON.stringify(list.body)).not.toContain(key);
  });

  it('validates scopes and names, and only an administrator makes keys', async () => {
    const bad = await server.call(admin, 'create_apiKey', { containerId: demo.id, name: 'x', scopes: ['applications:delete'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toMatch(/^\/scopes/);
    expect((await server.call(admin, 'create_apiKey', { containerId: demo.id, name: 'x', scopes: [] })).status).toBe(400);
    expect((await server.call(admin, 'create_apiKey', { containerId: demo.id, name: '   ', scopes: ['positions:read'] })).status).toBe(400);
    const writer = await server.login(DEMO.writer);
    expect((await server.call(writer, 'create_apiKey', { containerId: demo.id, name: 'x', scopes: ['positions:read'] })).status).toBe(403);
  });

  it('with applications:read reads applications and a file, and is refused a label move, positions and another organisation', async () => {
    const { id, key } = await newKey(['applications:read'], 'Läsare');
    const list = await v1(key, `/applications?positionId=${open.id}`);
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((a: { id: number }) => a.id)).toContain(own.id);
    const one = await v1(key, `/applications/${own.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.files).toEqual([expect.objectContaining({ filename: 'cv.pdf', url: own.files[0]!.url })]);
    const file = await fetch(`${server.url}/api/v1/applications/${own.id}/files/${own.files[0]!.url}`, { headers: bearer(key) });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

    const move = await v1(key, `/applications/${own.id}/labels`, { interestLabelId: label(demo, 'Intressant') });
    expect(move.status).toBe(403);
    expect(move.body.error).toMatchObject({ code: 'missing_scope', message: 'API-nyckeln saknar behörigheten applications:write.' });
    expect((await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id: own.id }))!.interestLabelId).toBe(own.interestLabelId);
    expect((await v1(key, '/positions')).status).toBe(403);

    expect((await v1(key, `/applications/${foreign.id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/v1/applications/${foreign.id}/files/x`, { headers: bearer(key) })).status).toBe(404);
    expect((await v1(key, `/applications?positionId=${foreign.positionId}`)).status).toBe(404);
    // Every call is logged with the key's id and never the key.
    const lines = server.logs.filter((l) => l.includes('"msg":"api"') || l.includes('"api"'));
    expect(lines.some((l) => l.includes(`"apiKeyId":${id}`) && l.includes('"status":403'))).toBe(true);
    expect(server.logs.some((l) => l.includes(key.slice(4)))).toBe(false);
    // The reads are the key's in the read log: the administrator sees the key by name (and who
    // made it), the person's GDPR export a system the organisation connected, not a staff role.
    const log = await server.call(admin, 'get_applicantReadLog', { id: own.id });
    expect(log.status, log.text).toBe(200);
    const keyReads = log.body.data.items.filter((e: { user: string }) => e.user.includes('”Läsare”'));
    expect(keyReads.map((e: { kind: string }) => e.kind).sort()).toEqual(['applicant', 'file', 'search']);
    const exp = await server.call(admin, 'create_userExport', { containerId: demo.id, email: 'api@example.se' });
    expect(exp.status, exp.text).toBe(200);
    const reads = exp.body.data.json.reads as { kind: string; throughApiKey: boolean }[];
    // (The first test's key listed the applications too.)
    expect([...new Set(reads.filter((r) => r.throughApiKey).map((r) => r.kind))].sort()).toEqual(['applicant', 'file', 'search']);
    const organisation = demo.displayName ?? demo.name;
    expect((await pdfPageTexts(Buffer.from(exp.body.data.pdf, 'base64'))).join('\n')).toContain(fill(sv.privacy.readLog.gdprLineApiKey, { organisation }));
  });

  it('with applications:write moves labels through the same path as staff (history, log, notification)', async () => {
    const { key } = await newKey(['applications:write'], 'Lönesystemet');
    const interest = label(demo, 'Intressant');
    const process = (demo.labels ?? []).find((l) => l.labelType === 'Process' && !l.isDefault)!.id;
    const moved = await v1(key, `/applications/${own.id}/labels`, { interestLabelId: interest, processLabelId: process });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toEqual({ id: own.id, interestLabelId: interest, processLabelId: process });
    const doc = (await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id: own.id }))!;
    expect(doc.logs.filter((l) => l.by === 'API-nyckel Lönesystemet').length).toBe(2);
    // A Process id as Interest label changes nothing, not even the half that was right.
    const wrong = await v1(key, `/applications/${own.id}/labels`, { processLabelId: label(demo, 'Ej bedömd'), interestLabelId: process });
    expect(wrong.status).toBe(400);
    expect((await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id: own.id }))!.processLabelId).toBe(process);
  });

  it('refuses a revoked key at once, a key in the address, and a missing or made-up key', async () => {
    const { id, key } = await newKey(['positions:read'], 'Intranätet');
    const listed = await v1(key, '/positions');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p: { id: number }) => p.id)).toContain(open.id);
    expect((await v1(key, `/positions/${open.id}`)).body.data.metadata.length).toBeGreaterThan(0);

    const inQuery = await server.request('GET', `/api/v1/positions?api_key=${key}`);
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.error).toMatchObject({ code: 'key_in_query', message: sv.apiKeys.inQuery });
    expect((await server.request('GET', `/api/v1/positions?x=${key}`, undefined, bearer(key))).status).toBe(400);
    expect((await server.request('GET', '/api/v1/positions')).body.error.message).toBe(sv.apiKeys.missing);
    expect((await v1(`blk_${'A'.repeat(43)}`, '/positions')).status).toBe(401);
    // A staff session token is not an API key.
    expect((await v1(admin, '/positions')).status).toBe(401);

    const outsider = await otherOrganisation(server, 'tredje');
    expect((await server.call(outsider.token, 'delete_apiKey', { id })).status).toBe(404);
    expect((await server.call(admin, 'delete_apiKey', { id })).body.data).toEqual({ id, deleted: true });
    const revoked = await v1(key, '/positions');
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.message).toBe(sv.apiKeys.invalid);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await server.request('GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1/'))).toEqual(
      expect.arrayContaining(['/api/v1/positions', '/api/v1/positions/{id}', '/api/v1/applications', '/api/v1/applications/{id}', '/api/v1/applications/{id}/files/{url}', '/api/v1/applications/{id}/labels']),
    );
    expect(doc.components.securitySchemes.apiKey.scheme).toBe('bearer');
  });
});
