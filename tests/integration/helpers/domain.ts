import type { BlobStore } from '../../../server/store/port';
import { registerUser } from '../../../server/auth/account';
import { newContainerDoc } from '../../../server/domain/organisations/containers';
import { seedDemoContent } from '../../../server/domain/demo/demo';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../../server/domain/core/docs';
import { TEST_PASSWORD, type TestServer } from './server';

/**
 * Factories for the domain tests (positions, applicants, templates, apply): things built
 * the way users build them, plus a second organisation for the object-level checks.
 */

/** A valid 12-digit personnummer for a birth date YYYYMMDD and a three-digit serial. */
export function personnummer(birth: string, serial = '238'): string {
  const nine = birth.slice(2) + serial;
  let sum = 0;
  for (let i = 0; i < nine.length; i++) {
    let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return `${birth}${serial}${(10 - (sum % 10)) % 10}`;
}

/** Answers that pass the default application form. */
export function validAnswers(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    form_firstname: 'Anna',
    form_surname: 'Svensson',
    form_ssn: personnummer('19900101'),
    form_address: 'Storgatan 1',
    form_zipcode: '11122',
    form_city: 'Stockholm',
    form_mobilePhone: '0701234567',
    form_email: email,
    form_referer: 'form_referer_2',
    form_agreement: true,
    form_agreement_company: true,
    ...overrides,
  };
}

export async function container(server: TestServer, name = 'demo'): Promise<ContainerDoc> {
  const c = await server.deps.store.collection<ContainerDoc>('containers').findOne({ name });
  if (!c) throw new Error(`no container ${name}`);
  return c;
}

export async function positions(server: TestServer, containerId: number): Promise<PositionDoc[]> {
  return server.deps.store.collection<PositionDoc>('positions').find({ containerId }, { sort: { id: 1 } });
}

/** The demo container's open public position and its internal one. */
export async function demoPositions(server: TestServer) {
  const c = await container(server);
  const list = await positions(server, c.id);
  const open = list.find((p) => !p.isInternal);
  const internal = list.find((p) => p.isInternal);
  if (!open || !internal) throw new Error('demo positions missing');
  return { container: c, open, internal };
}

export function label(c: ContainerDoc, name: string): number {
  const l = (c.labels ?? []).find((x) => x.name === name);
  if (!l) throw new Error(`no label ${name}`);
  return l.id;
}

/**
 * A second organisation with its own administrator and demo content, for checks that a
 * user of one container gets nothing of another.
 */
export async function otherOrganisation(server: TestServer, name = 'annan') {
  const deps = server.deps;
  const doc = await newContainerDoc(deps.store, { name, displayName: 'Annat företag AB' });
  await deps.store.collection('containers').insertOne(doc);
  const email = `admin@${name}.test`;
  const user = await registerUser(deps, { email, password: TEST_PASSWORD, firstname: 'Olle', lastname: 'Annan' });
  await deps.store.collection('memberships').insertOne({
    id: await deps.store.nextSequence('memberships'),
    containerId: doc.id,
    userId: user.id,
    email,
    permissionIds: [1],
  });
  await seedDemoContent(deps, doc);
  return { container: (await container(server, name)) as ContainerDoc, token: await server.login(email) };
}

/** POST /api/public/positions/apply. */
export function applyTo(server: TestServer, positionId: number | string, email: string, metadata: Record<string, unknown>) {
  return server.request('POST', '/api/public/positions/apply', { action: 'create_jobApplication', data: { email, positionId, metadata } });
}

/** Inserts applications directly (many at once, as an import would), newest id last. */
export async function insertApplications(
  server: TestServer,
  position: PositionDoc,
  c: ContainerDoc,
  count: number,
  labelIds: number[],
  prefix = 'sokande',
) {
  const docs: ApplicationDoc[] = [];
  for (let i = 0; i < count; i++) {
    const id = await server.deps.store.nextSequence('applications');
    const n = String(i).padStart(4, '0');
    docs.push({
      id,
      containerId: c.id,
      positionId: position.id,
      email: `${prefix}${n}@example.se`,
      created: 1_700_000_000 + i,
      metadata: {},
      formVersion: position.formVersion,
      info: { firstname: `Förnamn${n}`, lastname: `Efternamn${n}`, name: `Förnamn${n} Efternamn${n}`, email: `${prefix}${n}@example.se` },
      interestLabelId: labelIds[i % labelIds.length]!,
      processLabelId: null,
      notes: [],
      logs: [],
      files: [],
    });
  }
  await server.deps.store.collection<ApplicationDoc>('applications').insertMany(docs);
  return docs;
}

/**
 * Wraps the server's blob store to record every blob put and deleted, so a test can prove
 * that a refused application left nothing behind.
 */
export function trackBlobs(server: TestServer) {
  const real: BlobStore = server.deps.blobs;
  const put = new Set<string>();
  const deleted = new Set<string>();
  server.deps.blobs = {
    kind: real.kind,
    async put(id, data, meta) {
      put.add(id);
      return real.put(id, data, meta);
    },
    get: (id) => real.get(id),
    async delete(id) {
      deleted.add(id);
      return real.delete(id);
    },
  };
  return {
    put,
    deleted,
    real,
    /** Blob ids that were stored and not removed again. */
    live: () => [...put].filter((id) => !deleted.has(id)),
  };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function dataUrl(type: string, bytes: Buffer): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}
