import { expect } from 'vitest';
import { TEST_PASSWORD, DEMO, type TestServer } from './server';
import type { Ids } from './sample';

/** One caller of the role matrix. */
export interface Caller {
  email: string;
  token: string;
  userId: number;
}

export type CallerName = 'odin' | 'admin' | 'writer' | 'reader' | 'posWriter' | 'outsider';

export interface World {
  callers: Record<CallerName, Caller>;
  /** Objects in the demo organisation (the callers' own). */
  own: Ids;
  /** Objects in a second organisation where only `outsider` (Administrator) has rights. */
  foreign: Ids;
}

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** A stored hash for users that never log in (a real scrypt hash of a random password). */
const NO_LOGIN_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' + Buffer.alloc(64).toString('base64');

let seq = 0;

/**
 * A fresh set of objects in one container, built through odin's actions where one exists
 * (the position) and straight into the store for what only the public side or the system
 * creates (an application, a notification) — so each allowed call works on its own objects.
 * `posWriterId` gets Write on the new position.
 */
export async function sandbox(server: TestServer, odinToken: string, containerId: number, opts: { posWriterId?: number; posWriterEmail?: string } = {}): Promise<Omit<Ids, 'userId'>> {
  const { store } = server.deps;
  const n = ++seq;
  const now = server.deps.now();
  const container = (await store.collection('containers').findOne({ id: containerId }))!;
  const labels = container.labels as { id: number; labelType: string; isDefault: boolean }[];
  const types = container.positionTypes as { id: number }[];
  const interest = labels.find((l) => l.labelType === 'Interest' && l.isDefault)!;
  const process = labels.find((l) => l.labelType === 'Process' && l.isDefault)!;

  // Independent writes go out together (the position first: the rest name it): one round trip
  // each after another cost ~16 on FerretDB, for every sandbox of the role matrix.
  const targetEmail = `mal${n}-${containerId}@matris.test`;
  const applicationEmail = `sokande${n}-${containerId}@matris.test`;
  const [created, targetId, membershipId, applicationId, notificationId, folderId, assetId] = await Promise.all([
    server.call(odinToken, 'create_position', {
      containerId,
      name: `Provtjänst ${n}`,
      text: '<p>Text</p>',
      description: 'Beskrivning',
      city: 'Stockholm',
      start: now - 3600,
      stop: now + 31 * 86400,
      isInternal: false,
      positionTypeId: types[0]!.id,
    }),
    store.nextSequence('users'),
    store.nextSequence('memberships'),
    store.nextSequence('applications'),
    store.nextSequence('notifications'),
    store.nextSequence('folders'),
    store.nextSequence('assets'),
  ]);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const positionId = created.body.data.id as number;
  await Promise.all([
    store.collection('users').insertOne({ id: targetId, email: targetEmail, firstname: 'Mål', lastname: `Nr ${n}`, role: 'user', tokenVersion: 0, passwordHash: NO_LOGIN_HASH }),
    store.collection('memberships').insertOne({ id: membershipId, containerId, userId: targetId, email: targetEmail, permissionIds: [3] }),
    opts.posWriterId
      ? store.collection('positionPermissions').insertOne({
          id: await store.nextSequence('positionPermissions'),
          containerId,
          positionId,
          userId: opts.posWriterId,
          email: opts.posWriterEmail,
          permissionName: 'Write',
        })
      : undefined,
    store.collection('applications').insertOne({
      id: applicationId,
      containerId,
      positionId,
      email: applicationEmail,
      created: now,
      metadata: { form_firstname: 'Test', form_surname: 'Sökande', form_email: applicationEmail },
      formVersion: created.body.data.formVersion ?? 1,
      info: { firstname: 'Test', lastname: 'Sökande', name: 'Test Sökande', email: applicationEmail, city: 'Stockholm' },
      interestLabelId: interest.id,
      processLabelId: process.id,
      notes: [],
      logs: [{ at: now, what: 'created', text: 'Ansökan inkom' }],
      files: [],
    }),
    store.collection('notifications').insertOne({
      id: notificationId,
      containerId,
      type: 'create_jobApplication',
      title: 'Ny ansökan',
      message: 'Test Sökande har sökt',
      timestamp: now,
      read: false,
      data: { positionId, id: applicationId },
    }),
    store.collection('folders').insertOne({ id: folderId, containerId, name: `Bilder ${n}` }),
    store.collection('assets').insertOne({ id: assetId, folderId, containerId, name: 'bild.png', contentType: 'image/png', data: PNG_1PX, revision: 1, created: now, updated: now }),
  ]);

  return {
    containerId,
    positionId,
    applicationId,
    applicationEmail,
    notificationId,
    folderId,
    assetId,
    membershipId,
    labelId: interest.id,
    positionTypeId: types[0]!.id,
    targetEmail,
  };
}

/**
 * Removes what sandbox() stored for each of `list` (not what the calls under test made of it): on
 * FerretDB every filtered query scans its collection, so hundreds of left-over sandboxes made each
 * later call of the role matrix slower (get_positions took 25 s at the end of a run). One delete
 * per collection for the whole list: a delete is a scan there too, and nine per sandbox were most
 * of the matrix's FerretDB time.
 */
export async function removeSandboxes(server: TestServer, list: Omit<Ids, 'userId'>[]): Promise<void> {
  if (!list.length) return;
  const { store } = server.deps;
  const of = <K extends keyof Omit<Ids, 'userId'>>(key: K) => ({ $in: list.map((ids) => ids[key]) });
  const targets = await store.collection('users').find({ email: of('targetEmail') });
  await Promise.all([
    store.collection('positions').deleteMany({ id: of('positionId') }),
    store.collection('positionForms').deleteMany({ positionId: of('positionId') }),
    store.collection('positionPermissions').deleteMany({ positionId: of('positionId') }),
    store.collection('applications').deleteMany({ id: of('applicationId') }),
    store.collection('notifications').deleteMany({ id: of('notificationId') }),
    store.collection('folders').deleteMany({ id: of('folderId') }),
    store.collection('assets').deleteMany({ id: of('assetId') }),
    store.collection('memberships').deleteMany({ id: of('membershipId') }),
    targets.length ? store.collection('users').deleteMany({ id: { $in: targets.map((t) => t.id) } }) : Promise.resolve(0),
  ]);
}

async function register(server: TestServer, email: string): Promise<number> {
  const r = await server.request('POST', '/api/account/register', { email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
  expect(r.status).toBe(201);
  return r.body.data.id;
}

/** A fresh organisation created by odin through create_container; returns its id. */
export async function newContainer(server: TestServer, odinToken: string, name: string): Promise<number> {
  const r = await server.call(odinToken, 'create_container', { name, displayName: `Organisation ${name}` });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id;
}

/**
 * The role matrix's world on a seeded server: the demo organisation with odin, admin, writer
 * and reader; `posWriter` (Read in the organisation, Write on one position); and a second
 * organisation where `outsider` is Administrator and none of the others has any right.
 */
export async function buildWorld(server: TestServer): Promise<World> {
  const odinToken = await server.login(DEMO.odin);
  const ownId = ((await server.deps.store.collection('containers').findOne({ name: 'demo' }))!.id) as number;
  const foreignId = await newContainer(server, odinToken, 'frammande');
  const posWriterId = await register(server, 'poswriter@matris.test');
  const outsiderId = await register(server, 'outsider@matris.test');
  const { store } = server.deps;
  await store.collection('memberships').insertOne({ id: await store.nextSequence('memberships'), containerId: ownId, userId: posWriterId, email: 'poswriter@matris.test', permissionIds: [3] });
  await store.collection('memberships').insertOne({ id: await store.nextSequence('memberships'), containerId: foreignId, userId: outsiderId, email: 'outsider@matris.test', permissionIds: [1] });
  const own = await sandbox(server, odinToken, ownId, { posWriterId, posWriterEmail: 'poswriter@matris.test' });
  const foreign = await sandbox(server, odinToken, foreignId);

  const caller = async (email: string): Promise<Caller> => {
    const user = (await store.collection('users').findOne({ email }))!;
    return { email, token: await server.login(email), userId: user.id as number };
  };
  return {
    callers: {
      odin: await caller(DEMO.odin),
      admin: await caller(DEMO.admin),
      writer: await caller(DEMO.writer),
      reader: await caller(DEMO.reader),
      posWriter: await caller('poswriter@matris.test'),
      outsider: await caller('outsider@matris.test'),
    },
    own: { ...own, userId: 0 },
    foreign: { ...foreign, userId: 0 },
  };
}
