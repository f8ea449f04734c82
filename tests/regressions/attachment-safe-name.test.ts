import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { PNG, applyTo, dataUrl, demoPositions, validAnswers } from '../integration/helpers/domain';
import { DEMO, startTestServer, type TestServer } from '../integration/helpers/server';

/**
 * Issue 15 part 8: an attachment downloaded from the admin area carried the uploader's file
 * name and extension (`evil.html` of HTML text, a PNG named `cv.exe`): the server sniffed the
 * type, but the stored name (shown and used by the browser's download) was the uploader's.
 * Now the name is stored safe (the sniffed kind's extension) and the download's
 * Content-Disposition and Content-Type come from the stored name and the sniffed type.
 */
describe.each(storeKinds())('attachment names on the %s store', (kind) => {
  let server: TestServer;
  let open: PositionDoc;
  let reader: string;
  const html = Buffer.from('<!doctype html><html><body onload="alert(document.cookie)"><script>fetch("/api")</script></body></html>');

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ open } = await demoPositions(server));
    reader = await server.login(DEMO.reader);
  }, 60_000);
  afterAll(() => server?.close());

  async function applied(email: string, file: { filename: string; type: string; bytes: Buffer }) {
    const r = await applyTo(server, open.id, email, validAnswers(email, { form_file: [{ filename: file.filename, type: file.type, data: dataUrl(file.type, file.bytes) }] }));
    expect(r.status).toBe(201);
    const doc = await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id: r.body.data.id });
    return doc!;
  }

  async function downloaded(id: number, url: string) {
    const res = await fetch(`${server.url}/api/dispatcher/storage/application/${id}/files/${url}`, { headers: { authorization: `Bearer ${reader}` } });
    expect(res.status).toBe(200);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  it('stores and serves evil.html holding HTML as evil.txt, text/plain, nosniff, as a download', async () => {
    const doc = await applied('evil-html@example.se', { filename: 'evil.html', type: 'text/plain', bytes: html });
    expect(doc.files).toEqual([expect.objectContaining({ filename: 'evil.txt', type: 'text/plain; charset=utf-8' })]);
    expect((doc.metadata.form_file as { filename: string }[])[0]!.filename).toBe('evil.txt');
    const detail = await server.call(reader, 'get_applicantPosition', { id: doc.id });
    expect(JSON.stringify(detail.body.data)).not.toContain('evil.html');
    const { res, bytes } = await downloaded(doc.id, doc.files[0]!.url);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="evil.txt"; filename*=UTF-8''evil.txt`);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(bytes.equals(html)).toBe(true);
  });

  it('stores and serves a PNG named cv.exe as cv.png, image/png', async () => {
    const doc = await applied('png-exe@example.se', { filename: 'cv.exe', type: 'image/png', bytes: PNG });
    expect(doc.files[0]!.filename).toBe('cv.png');
    const { res, bytes } = await downloaded(doc.id, doc.files[0]!.url);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="cv\.png"/);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(bytes.equals(PNG)).toBe(true);
  });

  it('serves a file stored under the uploader’s name by an earlier version by its sniffed type', async () => {
    const doc = await applied('gammal@example.se', { filename: 'brev.txt', type: 'text/plain', bytes: html });
    const files = [{ ...doc.files[0]!, filename: 'brev.html' }];
    await server.deps.store.collection<ApplicationDoc>('applications').updateOne({ id: doc.id }, { $set: { files } });
    const { res } = await downloaded(doc.id, files[0]!.url);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="brev\.txt"/);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });
});
