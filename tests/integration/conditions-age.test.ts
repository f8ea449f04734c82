import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetadataProperty } from '../../engine/types';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, container, personnummer, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

const DAY = 86_400;

/** A personnummer of someone who turned `years` a month ago (YYYYMMDD in Stockholm, near enough). */
function aged(years: number): string {
  const d = new Date(Date.now() - 30 * DAY * 1000);
  const ymd = `${d.getUTCFullYear() - years}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return personnummer(ymd);
}

/** The default form plus a guardian field shown only to applicants aged at most 17. */
function withAgeRule(metadata: MetadataProperty[]): MetadataProperty[] {
  const last = Math.max(...metadata.map((p, i) => p.order ?? i)) + 1;
  return [...metadata, { key: 'form_text_guardian', type: 'text', label: 'Vårdnadshavare', order: last, required: true, visibleWhen: { field: 'form_ssn', op: 'ageAtMost', value: 17 } }];
}

describe.each(storeKinds())("a condition on the applicant's age on the %s store", (kind) => {
  let server: TestServer;
  let position: PositionDoc;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    const c: ContainerDoc = await container(server);
    const writer = await server.login(DEMO.writer);
    const now = server.deps.now();
    const base = { containerId: c.id, name: 'Sommarjobb 16–17 år', city: 'Umeå', description: 'Kort', text: '<p>x</p>', start: now - DAY, stop: now + 10 * DAY, positionTypeId: c.positionTypes![0]!.id };
    const plain = (await server.call(writer, 'create_position', base)).body.data as PositionDoc;
    const r = await server.call(writer, 'update_position', { ...base, id: plain.id, metadata: withAgeRule(plain.metadata) });
    expect([r.status, r.body.error]).toEqual([200, undefined]);
    position = r.body.data;
  });
  afterAll(() => server?.close());

  const stored = (email: string) => server.deps.store.collection<ApplicationDoc>('applications').findOne({ positionId: position.id, email });

  it('asks a 16-year-old for a guardian, at the field, and stores nothing until given', async () => {
    const email = 'ung@example.se';
    const missing = await applyTo(server, position.id, email, validAnswers(email, { form_ssn: aged(16) }));
    expect(missing.status).toBe(400);
    expect((missing.body.error.details as { key: string }[]).map((d) => d.key)).toEqual(['form_text_guardian']);
    expect(await stored(email)).toBeNull();
    const ok = await applyTo(server, position.id, email, validAnswers(email, { form_ssn: aged(16), form_text_guardian: 'Eva Svensson' }));
    expect(ok.status).toBe(201);
    expect((await stored(email))?.metadata.form_text_guardian).toBe('Eva Svensson');
  });

  it('does not ask an adult, and drops a guardian answer an adult sends anyway', async () => {
    const email = 'vuxen@example.se';
    const r = await applyTo(server, position.id, email, validAnswers(email, { form_ssn: aged(30), form_text_guardian: 'smugglad' }));
    expect(r.status).toBe(201);
    expect((await stored(email))?.metadata).not.toHaveProperty('form_text_guardian');
  });

  it('refuses an age rule on a field that holds no personnummer, in Swedish', async () => {
    const writer = await server.login(DEMO.writer);
    const metadata = [...position.metadata.filter((p) => p.key !== 'form_text_guardian'), { key: 'form_text_x', type: 'text', label: 'X', order: 999, visibleWhen: { field: 'form_city', op: 'ageAtLeast', value: 18 } }];
    const r = await server.call(writer, 'update_position', { id: position.id, containerId: position.containerId, name: position.name, city: 'Umeå', description: 'Kort', text: '<p>x</p>', start: position.start, stop: position.stop, positionTypeId: position.positionTypeId, metadata });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.error.details)).toContain('Villkoret passar inte det fältets typ.');
  });
});
