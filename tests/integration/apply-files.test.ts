import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ApplicationDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { PDF, PNG, applyTo, dataUrl, demoPositions, otherOrganisation, trackBlobs, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

describe.each(storeKinds())('attachments on the %s store', (kind) => {
  let server: TestServer;
  let open: PositionDoc;
  let blobs: ReturnType<typeof trackBlobs>;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ open } = await demoPositions(server));
    blobs = trackBlobs(server);
  });
  afterAll(() => server?.close());

  const withFiles = (email: string, files: unknown[]) => validAnswers(email, { form_file: files });
  const application = (email: string) =>
    server.deps.store.collection<ApplicationDoc>('applications').findOne({ positionId: open.id, email });

  it('stores a pdf through the blob port and keeps a url instead of the data in the answers', async () => {
    const r = await applyTo(server, open.id, 'cv@example.se', withFiles('cv@example.se', [{ filename: 'cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', PDF) }]));
    expect(r.status).toBe(201);
    const doc = await application('cv@example.se');
    const answer = (doc?.metadata.form_file as { filename: string; type: string; url: string; data?: string }[])[0]!;
    expect(answer).toEqual({ filename: 'cv.pdf', type: 'application/pdf', url: expect.stringMatching(/^app-\d+-/) });
    expect(doc?.files).toEqual([{ filename: 'cv.pdf', type: 'application/pdf', url: answer.url, size: PDF.length, key: 'form_file' }]);
    const blob = await blobs.real.get(answer.url);
    expect(Buffer.from(blob!.data).equals(PDF)).toBe(true);
  });

  it('serves the file to staff with read rights as an attachment with nosniff', async () => {
    const doc = (await application('cv@example.se'))!;
    const url = doc.files[0]!.url;
    const token = await server.login(DEMO.reader);
    const res = await fetch(`${server.url}/api/dispatcher/storage/application/${doc.id}/files/${url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="cv.pdf"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('refuses the file download without a token, to another organisation and for a file of another application', async () => {
    const doc = (await application('cv@example.se'))!;
    const path = `/api/dispatcher/storage/application/${doc.id}/files/${doc.files[0]!.url}`;
    expect((await server.request('GET', path)).status).toBe(401);
    const other = await otherOrganisation(server);
    expect((await server.request('GET', path, undefined, { authorization: `Bearer ${other.token}` })).status).toBe(404);
    const second = await applyTo(server, open.id, 'bild@example.se', withFiles('bild@example.se', [{ filename: 'bild.png', type: 'image/png', data: dataUrl('image/png', PNG) }]));
    expect(second.status).toBe(201);
    const reader = await server.login(DEMO.reader);
    const crossed = `/api/dispatcher/storage/application/${second.body.data.id}/files/${doc.files[0]!.url}`;
    expect((await server.request('GET', crossed, undefined, { authorization: `Bearer ${reader}` })).status).toBe(404);
  });

  it('refuses a file over 5,000,000 bytes with 400 at its key and stores nothing', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5_000_001 - PDF.length, 0x20)]);
    const before = blobs.put.size;
    const r = await applyTo(server, open.id, 'stor@example.se', withFiles('stor@example.se', [{ filename: 'stor.pdf', type: 'application/pdf', data: dataUrl('application/pdf', big) }]));
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ key: 'form_file', validator: 'fileSize', message: sv.engine.fileTooLarge }]);
    expect(blobs.put.size).toBe(before);
    expect(await application('stor@example.se')).toBeNull();
  });

  it('refuses a file whose bytes do not match its declared type', async () => {
    const exe = Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1');
    const disguised = await applyTo(server, open.id, 'exe@example.se', withFiles('exe@example.se', [{ filename: 'cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', exe) }]));
    expect(disguised.status).toBe(400);
    expect(disguised.body.error.details).toEqual([{ key: 'form_file', validator: 'fileType', message: sv.domain.fileType }]);
    const pngAsPdf = await applyTo(server, open.id, 'png@example.se', withFiles('png@example.se', [{ filename: 'cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', PNG) }]));
    expect(pngAsPdf.status).toBe(400);
    const html = await applyTo(server, open.id, 'html@example.se', withFiles('html@example.se', [{ filename: 'x.html', type: 'text/html', data: dataUrl('text/html', Buffer.from('<script>alert(1)</script>')) }]));
    expect(html.status).toBe(400);
    expect(await application('exe@example.se')).toBeNull();
  });

  it('leaves no blob behind when one of two simultaneous applications with files is refused', async () => {
    const files = [{ filename: 'cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', PDF) }];
    const replies = await Promise.all(
      [1, 2, 3].map(() => applyTo(server, open.id, 'race@example.se', withFiles('race@example.se', files))),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const doc = (await application('race@example.se'))!;
    const kept = new Set(doc.files.map((f) => f.url));
    const mine = blobs.live().filter((id) => id.startsWith('app-'));
    // Every live blob belongs to a stored application; the refused ones' blobs are gone.
    const all = await server.deps.store.collection<ApplicationDoc>('applications').find({}, { projection: { files: 1 } });
    const referenced = new Set(all.flatMap((a) => (a.files ?? []).map((f) => f.url)));
    expect(mine.every((id) => referenced.has(id))).toBe(true);
    expect([...kept].every((id) => mine.includes(id))).toBe(true);
    for (const id of blobs.deleted) expect(await blobs.real.get(id)).toBeNull();
  });
});
