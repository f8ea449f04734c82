import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../setup/stores';
import { catalogue, satisfies, type CatalogueAction } from './helpers/catalogue';
import { sample, type Ids } from './helpers/sample';
import { startTestServer, type TestServer } from './helpers/server';
import { buildWorld, newContainer, removeSandboxes, sandbox, type CallerName, type World } from './helpers/world';

const actions = catalogue();
const POSITIONAL = new Set(['position', 'applicant', 'applicants']);
/** Position-scoped actions that also create something in the organisation, so they need Write there too (their schema says so). */
const CONTAINER_WRITE_ALSO = new Set(['copy_position']);
/**
 * Actions open to any logged-in user (x-role user, scope none) that act only on the caller's
 * own object — the candidate's own application — or, for staff, through Write on its position.
 * Of the staff callers the writer is the weakest that passes; the candidate's own access is
 * tested with the candidate area (tests/integration/candidate*.test.ts, skills tests).
 */
const OWN_OBJECT_ONLY = new Set(['create_applicantAnswer']);
/** Actions that create one thing per sample (a template per label and type): a second identical call is a 409, so each caller starts without it. */
const ONE_PER_SAMPLE: Record<string, string> = { add_emailTemplate: 'emailTemplates' };
/** Deleting the one such thing of an organisation: each caller deletes one made just before its call (else the second meets 404). */
const MADE_FIRST: Record<string, string> = { delete_scimToken: 'create_scimToken' };
/**
 * Odin always needs a second factor (issue 29 item 3), so removing its TOTP is refused (409)
 * where a staff member's is removed: the organisation's administrator is the reference instead.
 */
const ODIN_KEEPS_A_FACTOR = new Set(['delete_totpEnrollment']);

/** The level each staff caller holds on the world's own objects for an action's scope. */
function levelOf(caller: CallerName, a: CatalogueAction): 'read' | 'write' | 'admin' | null {
  switch (caller) {
    case 'admin':
      return 'admin';
    case 'writer':
      return 'write';
    case 'reader':
      return 'read';
    case 'posWriter':
      return POSITIONAL.has(a.scope) && !CONTAINER_WRITE_ALSO.has(a.name) ? 'write' : 'read';
    default:
      return null;
  }
}

const STAFF: CallerName[] = ['admin', 'writer', 'reader', 'posWriter'];

describe.each(storeKinds())('the role matrix on the %s store', (kind) => {
  let server: TestServer;
  let world: World;
  /** The sandbox the reading actions share (see the last test). */
  let readSandbox: Promise<Omit<Ids, 'userId'>> | undefined;
  /** Writing calls' sandboxes not yet removed: removed a batch at a time (see the last test). */
  let spent: Omit<Ids, 'userId'>[] = [];
  const SPENT_BATCH = 16;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    world = await buildWorld(server);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const dataFor = (a: CatalogueAction, ids: Omit<Ids, 'userId'>, userId = 0) => {
    const data = sample(a.schema, { action: a.name, scope: a.scope, ids: { ...ids, userId } });
    const def = server.app.registry.get(a.name)!;
    expect(def.validate(data), `sample for ${a.name} must pass its schema: ${JSON.stringify(def.validate.errors)}`).toBe(true);
    return data;
  };

  describe.each(actions.map((a) => [a.name, a] as const))('%s', (_name, a) => {
    it('refuses a call without a token with 401', async () => {
      const r = await server.call(null, a.name, dataFor(a, world.own));
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('unauthorized');
    });

    it('refuses staff whose role is below the required one with 403', async () => {
      const denied = [...STAFF, 'outsider' as const].filter((who) => {
        const level = levelOf(who, a);
        return a.scope === 'none' ? a.role === 'odin' : level !== null && !satisfies(level, a.role);
      });
      // The callers at once: each is refused before anything is read or written.
      const answers = await Promise.all(denied.map((who) => server.call(world.callers[who].token, a.name, dataFor(a, world.own, world.callers[who].userId))));
      for (const [i, who] of denied.entries()) {
        const r = answers[i]!;
        expect({ who, status: r.status, code: r.body?.error?.code }).toEqual({ who, status: 403, code: 'forbidden' });
      }
    });

    // Scope 'none' actions point at no organisation, so these two questions do not arise for them.
    if (a.scope !== 'none') it('answers 404 to a user with no right in the organisation', async () => {
      const c = world.callers.outsider;
      const r = await server.call(c.token, a.name, dataFor(a, world.own, c.userId));
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('not_found');
    });

    if (a.scope !== 'none') it('gives staff of one organisation nothing of another, whatever ids they send', async () => {
      const answers = await Promise.all(STAFF.map((who) => server.call(world.callers[who].token, a.name, dataFor(a, world.foreign, world.callers[who].userId))));
      for (const [i, who] of STAFF.entries()) expect({ who, status: answers[i]!.status }).toEqual({ who, status: 404 });
    });

    // FerretDB scans a collection for every filtered query, and this world holds hundreds of
    // sandbox positions: get_positions counts applicants per position (30 s passed under load).
    it('lets the weakest allowed roles through exactly as it lets odin through', async () => {
      const odin = world.callers.odin;
      const made: Omit<Ids, 'userId'>[] = [];
      const fresh = async (shared = false) => {
        const ids =
          a.role === 'odin' && a.scope === 'container'
            ? await sandbox(server, odin.token, await newContainer(server, odin.token, `sandl${Math.random().toString(36).slice(2, 8)}`))
            : await sandbox(server, odin.token, world.own.containerId, { posWriterId: world.callers.posWriter.userId, posWriterEmail: world.callers.posWriter.email });
        if (!shared) made.push(ids);
        return ids;
      };
      // A reading action (get_) changes nothing a second caller would meet, so odin and the
      // allowed roles read one sandbox, made once per store; a writing one gets a fresh sandbox
      // per call. About half the matrix reads: its ~3 sandboxes per action were most of the
      // file's FerretDB time.
      const reads = a.name.startsWith('get_') && !(a.role === 'odin' && a.scope === 'container');
      const sandboxFor = () => (reads ? (readSandbox ??= fresh(true)) : fresh());
      const allowed: CallerName[] = [];
      if (OWN_OBJECT_ONLY.has(a.name)) allowed.push('writer');
      else if (a.role !== 'odin') {
        const weakest = (['reader', 'writer', 'admin'] as const).find((w) => a.scope === 'none' || satisfies(levelOf(w, a)!, a.role));
        if (weakest) allowed.push(weakest);
        if (a.scope !== 'none' && satisfies(levelOf('posWriter', a)!, a.role) && POSITIONAL.has(a.scope)) allowed.push('posWriter');
      }
      const clean = async () => {
        const coll = ONE_PER_SAMPLE[a.name];
        if (coll) await server.deps.store.collection(coll).deleteMany({ containerId: world.own.containerId });
        const maker = MADE_FIRST[a.name];
        if (maker) expect((await server.call(odin.token, maker, { containerId: world.own.containerId })).status).toBe(200);
      };
      // Every call's sandbox is made at once, before the first call (they are independent).
      const [own, ...theirs] = await Promise.all([odin, ...allowed].map(() => sandboxFor()));
      await clean();
      const first = ODIN_KEEPS_A_FACTOR.has(a.name) ? world.callers.admin : odin;
      const reference = await server.call(first.token, a.name, dataFor(a, own!, first.userId));
      expect([401, 403], JSON.stringify(reference.body)).not.toContain(reference.status);
      for (const [i, who] of allowed.entries()) {
        const c = world.callers[who];
        await clean();
        const r = await server.call(c.token, a.name, dataFor(a, theirs[i]!, c.userId));
        expect({ who, status: r.status, code: r.body?.error?.code }).toEqual({ who, status: reference.status, code: reference.body?.error?.code });
      }
      // Each writing call had its own sandbox; left over they would slow every later call on
      // FerretDB. They go a batch at a time, one delete per collection (removeSandboxes): a few
      // left over for a while cost less than nine scans per sandbox.
      spent.push(...made);
      if (spent.length >= SPENT_BATCH) {
        const batch = spent;
        spent = [];
        await removeSandboxes(server, batch);
      }
    }, kind === 'mongo' ? 90_000 : undefined);
  });
});
