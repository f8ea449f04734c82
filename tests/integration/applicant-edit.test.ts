import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ApplicationDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { PDF, applyTo, dataUrl, demoPositions, otherOrganisation, trackBlobs, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

type Stored = { filename: string; type: string; url: string };

describe.each(storeKinds())('correcting an application (update_jobApplicant) on the %s store', (kind) => {
  let server: TestServer;
  let open: PositionDoc;
  let writer: string;
  let reader: string;
  let blobs: ReturnType<typeof trackBlobs>;
  let id: number;
  let answers: Record<string, unknown>;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ open } = await demoPositions(server));
    writer = await server.login(DEMO.writer);
    reader = await server.login(DEMO.reader);
    blobs = trackBlobs(server);
    const email = 'rattas@example.se';
    const cv = { filename: 'cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', PDF) };
    const r = await applyTo(server, open.id, email, validAnswers(email, { form_firstname: 'Rut', form_mobilePhone: '0701234567', form_file: [cv] }));
    expect(r.status).toBe(201);
    id = r.body.data.id;
    // The confirmation mail is sent after the answer and logged on the application: wait for it, so no later snapshot races it.
    for (const until = Date.now() + 15_000; !(await doc())?.info.emailNotificationSent; ) {
      if (Date.now() > until) throw new Error('no confirmation mail logged on the application');
      await new Promise((r) => setTimeout(r, 20));
    }
    answers = (await doc())!.metadata;
  });
  afterAll(() => server?.close());

  const doc = () => server.deps.store.collection<ApplicationDoc>('applications').findOne({ id });
  const edit = (token: string, metadata: Record<string, unknown>) => server.call(token, 'update_jobApplicant', { applicant: { id, metadata } });

  it('stores corrected answers, recomputes the info, keeps the stored file and logs who changed it', async () => {
    const r = await edit(writer, { ...answers, form_mobilePhone: '0739876543', form_firstname: 'Ruth', notInTheForm: 'x' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id, metadata: { form_mobilePhone: '0739876543', form_firstname: 'Ruth' }, info: { firstname: 'Ruth', name: 'Ruth Svensson', phone: '0739876543' } });
    expect(r.body.data.logs.at(-1)).toEqual({ at: expect.any(Number), what: 'edited', by: 'Viktor Skribent', text: sv.applicants.server.logEdited });
    const after = (await doc())!;
    expect(after.metadata).not.toHaveProperty('notInTheForm');
    expect(after.info).toMatchObject({ firstname: 'Ruth', phone: '0739876543', email: 'rattas@example.se' });
    expect(after.email).toBe('rattas@example.se');
    expect(after.metadata.form_file).toEqual(answers.form_file);
    expect(after.files).toHaveLength(1);
    expect(await blobs.real.get(after.files[0]!.url)).not.toBeNull();
    answers = after.metadata;
    const listed = await server.call(reader, 'get_applicantPositionByPosition', { positionId: open.id });
    expect(listed.body.data.items.find((a: { id: number }) => a.id === id).info).toMatchObject({ name: 'Ruth Svensson', phone: '0739876543' });
  });

  it('refuses invalid answers with the engine Swedish field messages and changes nothing', async () => {
    const before = await doc();
    const r = await edit(writer, { ...answers, form_firstname: '', form_email: 'inte-en-adress' });
    expect(r.status).toBe(400);
    const details = r.body.error.details as { key: string; message: string }[];
    expect(details.map((d) => d.key)).toEqual(expect.arrayContaining(['form_firstname', 'form_email']));
    expect(details.find((d) => d.key === 'form_email')?.message).toBe('Email är inte giltigt format');
    expect(details.find((d) => d.key === 'form_firstname')?.message).toBe('Fältet är obligatoriskt');
    expect(await doc()).toEqual(before);
  });

  it('refuses a file url that is not one of this application files and keeps the old ones', async () => {
    const before = await doc();
    const r = await edit(writer, { ...answers, form_file: [{ filename: 'annan.pdf', type: 'application/pdf', url: 'app-1-00000000-0000-0000-0000-000000000000' }] });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ key: 'form_file', validator: 'fileType', message: sv.applicants.server.fileGone }]);
    expect(await doc()).toEqual(before);
  });

  it('replaces a file: the new one is stored and the dropped one deleted after the write', async () => {
    const old = (answers.form_file as Stored[])[0]!;
    const fresh = { filename: 'nytt-cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', PDF) };
    const r = await edit(writer, { ...answers, form_file: [fresh] });
    expect(r.status).toBe(200);
    const after = (await doc())!;
    const file = (after.metadata.form_file as Stored[])[0]!;
    expect(file).toEqual({ filename: 'nytt-cv.pdf', type: 'application/pdf', url: expect.stringMatching(new RegExp(`^app-${id}-`)) });
    expect(after.files).toEqual([{ filename: 'nytt-cv.pdf', type: 'application/pdf', url: file.url, size: PDF.length, key: 'form_file' }]);
    expect(blobs.deleted.has(old.url)).toBe(true);
    expect(await blobs.real.get(old.url)).toBeNull();
    answers = after.metadata;
  });

  it('adds a file beside the kept one, and refuses a disguised upload without storing anything', async () => {
    const kept = (answers.form_file as Stored[])[0]!;
    const before = await doc();
    const livesBefore = blobs.live().length;
    const disguised = { filename: 'bild.pdf', type: 'application/pdf', data: dataUrl('application/pdf', Buffer.from('MZ not a pdf')) };
    const refused = await edit(writer, { ...answers, form_file: [kept, disguised] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([{ key: 'form_file', validator: 'fileType', message: sv.domain.fileType }]);
    expect(blobs.live().length).toBe(livesBefore);
    expect(await doc()).toEqual(before);
    const extra = { filename: 'betyg.pdf', type: 'application/pdf', data: dataUrl('application/pdf', PDF) };
    const r = await edit(writer, { ...answers, form_file: [kept, extra] });
    expect(r.status).toBe(200);
    const after = (await doc())!;
    expect((after.metadata.form_file as Stored[]).map((f) => f.filename)).toEqual([kept.filename, 'betyg.pdf']);
    expect(after.files.map((f) => f.url)).toEqual((after.metadata.form_file as Stored[]).map((f) => f.url));
    expect(after.files[0]!.url).toBe(kept.url);
    expect(blobs.live().length).toBe(livesBefore + 1);
    answers = after.metadata;
  });

  it('gives a reader 403 and another organisation 404, changing nothing', async () => {
    const before = await doc();
    const denied = await edit(reader, { ...answers, form_mobilePhone: '0700000000' });
    expect(denied.status).toBe(403);
    const other = await otherOrganisation(server, 'andrasvar');
    const foreign = await edit(other.token, { ...answers, form_mobilePhone: '0700000000' });
    expect(foreign.status).toBe(404);
    expect(await doc()).toEqual(before);
    const missing = await server.call(writer, 'update_jobApplicant', { applicant: { id: 999_999_999, metadata: answers } });
    expect(missing.status).toBe(404);
  });

  it('refuses the later of two edits made from the same read with 409, leaving no stored file behind', async () => {
    const { editAnswers } = await import('../../server/domain/applicants/applicant-edit');
    const stale = (await doc())!;
    const first = await edit(writer, { ...answers, form_city: 'Uppsala' });
    expect(first.status).toBe(200);
    const livesBefore = blobs.live().length;
    const upload = { filename: 'sent.pdf', type: 'application/pdf', data: dataUrl('application/pdf', PDF) };
    await expect(editAnswers(server.deps, 'Någon', stale, { ...answers, form_city: 'Lund', form_file: [upload] })).rejects.toMatchObject({ status: 409 });
    expect(blobs.live().length).toBe(livesBefore);
    expect((await doc())!.metadata.form_city).toBe('Uppsala');
  });
});
