import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, type CatalogueAction } from './helpers/catalogue';
import { sample } from './helpers/sample';
import { startTestServer, type Reply, type TestServer } from './helpers/server';
import { buildWorld, type World } from './helpers/world';

/**
 * Every text a person can read in an answer is Swedish (issue 25 item 3). Each action gets its
 * valid call and then every property bent one way at a time: wrong types, blanks, negative and
 * huge numbers, empty lists, an unknown id. Whatever the server answers, its `message` and each
 * detail's `message` / `problem` must hold no English word. (Echoed input — a detail's `value` —
 * and the machine-readable `code` are not prose and are not read.) The language does not depend
 * on the store, so one store is enough.
 */

/** English words that no Swedish sentence of ours holds (Swedish 'is', 'not' and 'must' are left out: is, not, must). */
const ENGLISH = /\b(the|an|are|been|must be|should|cannot|can't|does|doesn't|not allowed|invalid|expected|required|missing|unknown|malformed|empty|before|after|allowed|failed|error|found|forbidden|unauthorized|already|exists|too|please|when|which|without|field|property|properties|value|values|string|integer|number|boolean|array|object|null|undefined|must have|should have|of type|less than|greater than|more than|fewer than)\b/i;

const PROSE_KEYS = new Set(['message', 'problem']);

/** Every prose text in an error answer. */
function proseOf(body: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key = '') => {
    if (typeof v === 'string') {
      if (PROSE_KEYS.has(key)) out.push(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (k !== 'value') walk(x, k);
  };
  walk((body as { error?: unknown } | null)?.error);
  return out;
}

function bends(s: Record<string, any>): unknown[] {
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return ['', '   ', 'x'.repeat((s.maxLength ?? 200) + 1), 12, 'åäö-01'];
    case 'integer':
    case 'number':
      return [-1, 0, 2_147_483_647, 'ett'];
    case 'boolean':
      return [true, 'ja'];
    case 'array':
      return [[], [{}], 'lista'];
    case 'object':
      return [{}, { '': 1 }, []];
    default:
      return [null, {}];
  }
}

// Deleting ones last, so the others meet the world as built.
const actions = catalogue().sort((a, b) => Number(a.name.startsWith('delete_')) - Number(b.name.startsWith('delete_')));

describe('every answer a person can read is Swedish', () => {
  let server: TestServer;
  let world: World;
  const english: { action: string; sent: string; text: string }[] = [];
  let answers = 0;

  beforeAll(async () => {
    server = await startTestServer({ kind: 'embedded', seed: true });
    world = await buildWorld(server);
  }, 180_000);
  afterAll(() => server?.close());

  const valid = (a: CatalogueAction) => sample(a.schema, { action: a.name, scope: a.scope, ids: { ...world.own, userId: world.callers.odin.userId } }) as Record<string, unknown>;

  async function send(a: CatalogueAction, data: Record<string, unknown>): Promise<Reply> {
    const r = await server.call(world.callers.odin.token, a.name, data);
    answers++;
    for (const text of proseOf(r.body)) if (ENGLISH.test(text)) english.push({ action: a.name, sent: JSON.stringify(data).slice(0, 120), text });
    return r;
  }

  it('holds for the valid call and every property bent one way at a time, on every action', async () => {
    for (const a of actions) {
      const base = valid(a);
      await send(a, base);
      for (const [key, s] of Object.entries((a.schema.properties ?? {}) as Record<string, Record<string, any>>)) {
        for (const bent of bends(s)) await send(a, { ...base, [key]: bent });
      }
      await send(a, { ...base, id: 987_654 });
    }
    expect(answers).toBeGreaterThan(actions.length * 5);
    expect(english).toEqual([]);
  }, 600_000);

  it('holds for the account and public routes', async () => {
    const cases: [string, unknown][] = [
      ['/api/account/login', { email: 'x', password: '' }],
      ['/api/account/register', { email: 'ingen-at', password: 'a', confirmPassword: 'b' }],
      ['/api/account/reset', { email: '' }],
      ['/api/account/reset/confirm', { token: 'x', password: 'a', confirmPassword: 'a' }],
      ['/api/public/positions/apply', { action: 'create_jobApplication', data: { email: 'x', positionId: world.own.positionId, metadata: {} } }],
      ['/api/public/positions/apply', { action: 'create_jobApplication', data: { email: 'a@b.se', positionId: -5, metadata: { form_x: 1 } } }],
    ];
    for (const [path, body] of cases) {
      const r = await server.request('POST', path, body);
      for (const text of proseOf(r.body)) if (ENGLISH.test(text)) english.push({ action: path, sent: JSON.stringify(body).slice(0, 120), text });
    }
    expect(english).toEqual([]);
  });
});
