import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../setup/stores';
import { catalogue, type CatalogueAction } from './helpers/catalogue';
import { countAll, LEAK } from './helpers/counts';
import { sample } from './helpers/sample';
import { startTestServer, TEST_PASSWORD, type Reply, type TestServer } from './helpers/server';
import { buildWorld, type World } from './helpers/world';

const actions = catalogue();

function wrongValues(s: Record<string, any>): unknown[] {
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return [12345, null, ['x']];
    case 'integer':
      return ['1', 1.5, true];
    case 'number':
      return ['1', false];
    case 'boolean':
      return ['true', 1];
    case 'array':
      return [{ a: 1 }, 'x'];
    case 'object':
      return [[1], 'x'];
    default:
      return [{ x: 1 }];
  }
}

describe.each(storeKinds())('bad input on the %s store', (kind) => {
  let server: TestServer;
  let world: World;
  let token: string;
  const replies: Reply[] = [];

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    world = await buildWorld(server);
    token = world.callers.odin.token;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const valid = (a: CatalogueAction) => sample(a.schema, { action: a.name, scope: a.scope, ids: { ...world.own, userId: world.callers.odin.userId } }) as Record<string, unknown>;

  /** Sends, records the reply for the leak check, expects a 4xx with the error shape. */
  async function refused(send: () => Promise<Reply>, status = 400, code = 'invalid'): Promise<Reply> {
    const r = await send();
    replies.push(r);
    expect({ status: r.status, code: r.body?.error?.code }, r.text.slice(0, 300)).toEqual({ status, code });
    expect(typeof r.body.error.message).toBe('string');
    return r;
  }

  /**
   * The counts after the last check, which are the counts before the next one: counting every
   * collection costs ~45 ms on FerretDB (most of this file's time there), and nothing may
   * write between two checks either, so a late write of one check's calls fails the next.
   */
  let counted: Record<string, number> | undefined;

  /** Runs the checks and shows that no collection changed. */
  async function storesNothing(check: () => Promise<void>) {
    const before = counted ?? (await countAll(server.deps.store));
    await check();
    counted = await countAll(server.deps.store);
    expect(counted).toEqual(before);
  }

  // An action's bad calls go out together: each is refused before anything is read or written
  // (and storesNothing counts after all of them), so the order proves nothing.
  describe.each(actions.map((a) => [a.name, a] as const))('%s', (_name, a) => {
    const props = Object.entries((a.schema.properties ?? {}) as Record<string, Record<string, any>>);

    it('refuses a wrong type in any field and names the field', () =>
      storesNothing(async () => {
        await Promise.all(
          props.flatMap(([key, s]) =>
            wrongValues(s).map(async (wrong) => {
              const r = await refused(() => server.call(token, a.name, { ...valid(a), [key]: wrong }));
              expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain(`/${key}`);
            }),
          ),
        );
      }));

    it('refuses a call that lacks a required field', () =>
      storesNothing(async () => {
        await Promise.all(
          ((a.schema.required ?? []) as string[]).map(async (key) => {
            const data = valid(a);
            delete data[key];
            const r = await refused(() => server.call(token, a.name, data));
            expect(r.body.error.details).toContainEqual(expect.objectContaining({ path: `/${key}` }));
          }),
        );
      }));

    it('refuses extra fields such as role, isOdin or a foreign containerId', () =>
      storesNothing(async () => {
        const extras: Record<string, unknown>[] = [{ role: 'odin' }, { isOdin: true }, { _id: 'x' }];
        if (!a.schema.properties?.containerId) extras.push({ containerId: world.foreign.containerId });
        await Promise.all(extras.map((extra) => refused(() => server.call(token, a.name, { ...valid(a), ...extra }))));
      }));

    it('refuses MongoDB operators as values', () =>
      storesNothing(async () => {
        const ops = [{ $ne: null }, { $gt: '' }, { $where: '1' }];
        await Promise.all(props.flatMap(([key]) => ops.map((op) => refused(() => server.call(token, a.name, { ...valid(a), [key]: op })))));
      }));

    it('refuses __proto__, constructor and prototype keys', () =>
      storesNothing(async () => {
        const inner = JSON.stringify(valid(a)).slice(1, -1);
        await Promise.all(
          ['__proto__', 'constructor', 'prototype', '\\u005f_proto__'].map((key) => {
            const body = `{"action":"${a.name}","data":{"${key}":{"isOdin":true,"role":"odin"}${inner ? `,${inner}` : ''}}}`;
            return refused(() => server.request('POST', '/api/dispatcher', body, { authorization: `Bearer ${token}` }));
          }),
        );
      }));
  });

  describe('the dispatcher as a whole', () => {
    const raw = (body: string | Uint8Array, headers: Record<string, string> = {}) =>
      server.request('POST', '/api/dispatcher', body, { authorization: `Bearer ${token}`, ...headers });

    it('answers unknown actions, including names of Object.prototype, with 400 unknown_action', () =>
      storesNothing(async () => {
        for (const action of ['nope', 'toString', 'hasOwnProperty', 'constructor', 'valueOf', 'get_Everything']) {
          await refused(() => server.call(token, action, {}), 400, 'unknown_action');
        }
        await refused(() => server.call(token, '../../etc/passwd', {}));
        await refused(() => raw(JSON.stringify({ data: {} })));
      }));

    it('refuses malformed JSON, non-objects and a non-JSON content type with 400', () =>
      storesNothing(async () => {
        for (const body of ['{"action":', '[]', '"text"', '42', 'null', '{"action":"get_containers","data":[]}', '{"action":"get_containers","data":"x"}', '{"action":"get_containers","extra":1}']) {
          await refused(() => raw(body));
        }
        await refused(() => raw('action=get_containers', { 'content-type': 'application/x-www-form-urlencoded' }));
      }));

    it('refuses a body above the limit with 413, for plain actions above 1 MB and for any above 8 MB', () =>
      storesNothing(async () => {
        const filler = 'x'.repeat(1_100_000);
        await refused(() => server.call(token, 'create_positionType', { containerId: world.own.containerId, name: filler }), 413, 'too_large');
        const huge = 'x'.repeat(8 * 1024 * 1024 + 10);
        await refused(() => server.call(token, 'create_containerAssetCommand', { containerId: world.own.containerId, folderId: world.own.folderId, name: 'a', contentType: 'image/png', data: huge }), 413, 'too_large');
      }));

    it('refuses deep nesting without falling over', () =>
      storesNothing(async () => {
        const deep = '['.repeat(5000) + ']'.repeat(5000);
        await refused(() => raw(`{"action":"get_containers","data":{"a":${deep}}}`));
      }));

    it('refuses a bad token on any action with 401 and the error shape', async () => {
      for (const auth of ['Bearer x.y.z', 'Bearer ', 'Basic abc', `Bearer ${token}x`]) {
        await refused(() => server.request('POST', '/api/dispatcher', { action: 'get_containers', data: {} }, { authorization: auth }), 401, 'unauthorized');
      }
    });
  });

  describe('the account routes', () => {
    it('refuse operators, prototype keys and wrong types in login, register and reset', () =>
      storesNothing(async () => {
        for (const path of ['/api/account/login', '/api/account/register', '/api/account/reset', '/api/account/reset/confirm']) {
          await refused(() => server.request('POST', path, { email: { $ne: null }, password: { $ne: null } }));
          await refused(() => server.request('POST', path, '{"__proto__":{"role":"odin"},"email":"odin@demo.test"}'));
          await refused(() => server.request('POST', path, '{"email":'));
          await refused(() => server.request('POST', path, 'x'.repeat(20_000)), 413, 'too_large');
        }
        await refused(() => server.request('POST', '/api/account/login', { email: 'odin@demo.test', password: 123 }));
        await refused(() => server.request('POST', '/api/account/register', { email: 'ny@test.se', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, role: 'odin' }));
      }));
  });

  describe('the public apply route', () => {
    it('refuses malformed JSON, prototype keys and operators with 400', () =>
      storesNothing(async () => {
        const path = '/api/public/positions/apply';
        await refused(() => server.request('POST', path, '{"action":'));
        await refused(() => server.request('POST', path, `{"action":"create_jobApplication","data":{"__proto__":{"x":1},"email":"a@b.se","positionId":${world.own.positionId},"metadata":{}}}`));
        await refused(() => server.request('POST', path, { action: 'create_jobApplication', data: { email: { $ne: null }, positionId: world.own.positionId, metadata: {} } }));
      }));
  });

  it('is still up afterwards, and no reply or log line leaked a stack trace, token or password', async () => {
    expect(replies.length).toBeGreaterThan(1000);
    expect((await server.call(token, 'get_containers', {})).status).toBe(200);
    for (const r of replies) expect(r.text).not.toMatch(LEAK);
    const logs = server.logs.join('\n');
    expect(logs).not.toContain(TEST_PASSWORD);
    expect(logs).not.toContain(token);
  });
});
