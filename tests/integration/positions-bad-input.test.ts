import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatActionSchema } from '../../engine/shared-schemas';
import type { ContainerDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { container } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { actionFiles, actionSchemaPath } from '../../server/dispatcher/action-files';

/** The domain's actions (positions, applicants, templates, search): every one with bad data. */
const MINE = [
  'create_position', 'update_position', 'copy_position', 'delete_position', 'get_position', 'get_positions', 'get_PositionsCards',
  'get_positions_by_container', 'update_PositionArchivedStatus', 'create_positionType', 'get_applicantPositionByPosition',
  'get_applicantPositionByLabel', 'get_applicantPosition', 'get_applicantPositions', 'update_jobApplicationStatus',
  'update_jobApplicationProcess', 'create_JobApplicantNote', 'delete_jobapplication', 'delete_ApplicantFromContainer',
  'get_applicantPositionBySearchQuery', 'create_Folder', 'get_folders', 'get_folder', 'create_containerAssetCommand',
  'create_positionTemplateAssetCommand', 'delete_ContainerAsset',
];

const schemaOf = (action: string) =>
  flatActionSchema(JSON.parse(readFileSync(actionSchemaPath(action), 'utf8'))) as {
    required: string[];
    properties: Record<string, { type?: string }>;
  };

describe.each(storeKinds())('domain actions with bad data on the %s store', (kind) => {
  let server: TestServer;
  let odin: string;
  let c: ContainerDoc;
  let counts: Record<string, number>;

  const countAll = async () => {
    const out: Record<string, number> = {};
    for (const name of ['positions', 'applications', 'assets', 'folders', 'positionForms', 'notifications']) {
      out[name] = await server.deps.store.collection(name).count({});
    }
    return out;
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    odin = await server.login(DEMO.odin);
    c = await container(server);
    counts = await countAll();
  });
  afterAll(() => server?.close());

  it('has a schema for every domain action', () => {
    const names = actionFiles().map((f) => f.name);
    for (const a of MINE) expect(names).toContain(a);
  });

  it.each(MINE)('refuses %s with missing fields, wrong types, extra fields, operators and __proto__ (4xx, nothing stored)', async (action) => {
    const schema = schemaOf(action);
    const wrongTypes = Object.fromEntries(schema.required.map((k) => [k, schema.properties[k]?.type === 'string' ? 12 : 'tolv']));
    const bodies: unknown[] = [
      ...(schema.required.length ? [{}] : []),
      wrongTypes,
      { containerId: c.id, role: 'odin', isOdin: true },
      Object.fromEntries(schema.required.map((k) => [k, { $ne: null }])),
      '__proto__',
    ];
    for (const data of bodies) {
      const r =
        data === '__proto__'
          ? await server.request('POST', '/api/dispatcher', `{"action":"${action}","data":{"__proto__":{"isOdin":true},"containerId":${c.id}}}`, { authorization: `Bearer ${odin}` })
          : await server.call(odin, action, data);
      expect(r.status, JSON.stringify(data)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(data)).toBeLessThan(500);
      expect(r.body.error.code).toBeTypeOf('string');
      expect(r.text).not.toMatch(/at .*\.ts:\d+/);
    }
    expect(await countAll()).toEqual(counts);
  });
});
