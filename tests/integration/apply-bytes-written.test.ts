import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc } from '../../server/domain/core/docs';
import { loadContainer } from '../../server/domain/organisations/containers';
import { createPosition } from '../../server/domain/positions/positions';
import { EmbeddedStore } from '../../server/store/embedded';
import { answers, form } from '../../scripts/bench/_apply-form';
import { applyTo } from './helpers/domain';
import { startTestServer, type TestServer } from './helpers/server';

/**
 * Issue 27 item 3: what the apply path writes to disk per application, on the embedded store
 * (the Mongo store's writes are FerretDB's), with the benchmark's 200-field form
 * (scripts/bench/server-apply.ts): the commit holding the application, its notification, its
 * confirmation's log entry and link, the confirmation's copy in the outbox, and the
 * checkpoint that copies those pages into the database file. Measured as this process's
 * write_bytes less cancelled_write_bytes (/proc/self/io: SQLite's temporary statement
 * journals are deleted before they reach the disk), between two checkpoints.
 *
 * Measured 41–45 KB (43–50 with two more copies of this file running beside it); before the
 * confirmation was stored with the application (a second write of the whole document for its
 * log line) and before the partial `_id` index, 63–98 KB.
 */
const LIMIT_KB = 56;
const CLIENTS = 8;
const COUNT = 48;

function written(): number {
  const text = readFileSync('/proc/self/io', 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)?.[1]);
  return field('write_bytes') - field('cancelled_write_bytes');
}

describe('bytes written per application on the embedded store', () => {
  let server: TestServer;
  let positionId: number;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer({ kind: 'embedded', seed: true, config: { rateLimits: { loginPerIp: 100_000, loginPerAccount: 10, applyPerIp: 100_000, windowMs: 60_000 } } });
    const container = await loadContainer(server.deps.store, 1);
    const now = server.deps.now();
    const position = await createPosition(server.deps, container, {
      containerId: container.id,
      name: 'Skrivna byte',
      start: now - 60,
      stop: now + 86_400,
      positionTypeId: container.positionTypes![0]!.id,
      metadata: form(),
    });
    positionId = position.id;
  });
  afterAll(() => server?.close());

  /** `count` applications from CLIENTS clients at once; resolves once each one's confirmation is sent and its copy recorded. */
  async function applications(count: number): Promise<number[]> {
    const base = answers(form());
    const ids: number[] = [];
    const queue = Array.from({ length: count }, () => `skriv${n++}@example.se`);
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let email = queue.shift(); email; email = queue.shift()) {
          const r = await applyTo(server, positionId, email, base);
          expect(r.status, r.text).toBe(201);
          ids.push(r.body.data.id as number);
        }
      }),
    );
    const copies = server.deps.store.collection('mailCopies');
    await expect.poll(() => copies.count({ applicationId: { $in: ids } })).toBe(count);
    return ids;
  }

  it.skipIf(!existsSync('/proc/self/io'))(`stays under ${LIMIT_KB} KB an application, its checkpoint and confirmation counted`, async () => {
    const store = server.deps.store as EmbeddedStore;
    expect(store).toBeInstanceOf(EmbeddedStore);
    // The WAL copied into the database file, at a moment no group commit is open (a checkpoint
    // cannot run inside a transaction; the trigram index's flush may have opened one).
    const checkpoint = async () => {
      for (;;) {
        await store.durable();
        if (!store.db.inTransaction) return void store.db.pragma('wal_checkpoint(PASSIVE)');
        await new Promise((r) => setImmediate(r));
      }
    };
    // Warm: tables, indexes and the position's cached form exist before the count starts.
    await applications(CLIENTS * 2);
    await checkpoint();
    const before = written();
    const ids = await applications(COUNT);
    await checkpoint();
    const perApplication = (written() - before) / COUNT / 1024;
    // The confirmation is in the application as stored, not written into it afterwards.
    const stored = await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id: ids[0]! });
    expect(stored!.logs.map((l) => l.what)).toEqual(['created', 'email']);
    expect(perApplication, `${perApplication.toFixed(1)} KB an application`).toBeLessThanOrEqual(LIMIT_KB);
  });
});
