import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyWithCv, auditDataDir, dispatch, loginAs, openPositionId, spawnServer, type ServerProcess } from './helpers/main-process';

/**
 * Issue 10 part 7: the real server (server/main.ts, embedded store) is killed with SIGKILL
 * ten times while applicants apply (with a CV) and staff add notes. What the server
 * acknowledged must be there after the restarts, whole, and no blob may be left without its
 * application once the server has started again.
 *
 * Each start of server/main.ts costs seconds (imports, the action registry), so the ten
 * kills run in two lanes of five, each on its own DATA_DIR, side by side.
 */
const LANES = 2;
const KILLS_PER_LANE = Number(process.env.KILL_ROUNDS ?? 5);
/** Enough at once that a kill lands while several applications share one group commit (store/group-commit.ts). */
const APPLIERS = 6;

interface Lane {
  dataDir: string;
  acked: Map<number, string>;
  notes: { id: number; note: string }[];
  refused: number;
  kills: number;
}

const running = new Set<ServerProcess>();

async function lane(root: string, tag: string): Promise<Lane> {
  const l: Lane = { dataDir: join(root, tag), acked: new Map(), notes: [], refused: 0, kills: 0 };
  let positionId = 0;
  for (let round = 0; round < KILLS_PER_LANE; round++) {
    const server = await spawnServer(l.dataDir, {}, { startMs: 120_000 });
    running.add(server);
    positionId ||= await openPositionId(server.url);
    const token = await loginAs(server.url, 'admin@demo.test');
    let live = true;
    let ackedNow = 0;
    const appliers = Array.from({ length: APPLIERS }, async (_, w) => {
      for (let i = 0; live; i++) {
        const email = `${tag}-${round}-${w}-${i}@kill.se`;
        const r = await applyWithCv(server.url, positionId, email).catch(() => null);
        if (r?.status === 201 && r.id) {
          l.acked.set(r.id, email);
          ackedNow++;
        } else if (r) l.refused++;
      }
    });
    const staff = (async () => {
      for (let i = 0; live; i++) {
        const ids = [...l.acked.keys()];
        if (ids.length === 0) {
          await new Promise((r) => setTimeout(r, 10));
          continue;
        }
        const id = ids[(i * 7919) % ids.length]!;
        const note = `anteckning ${tag}-${round}-${i}`;
        const r = await dispatch(server.url, token, 'create_JobApplicantNote', { id, note }).catch(() => null);
        if (r?.status === 200) l.notes.push({ id, note });
      }
    })();
    // Writes flowing (a few acknowledged this round), then a kill without warning, mid-stream.
    const until = Date.now() + 15_000;
    while (ackedNow < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, (round * 137) % 250));
    server.child.kill('SIGKILL');
    await server.exited;
    running.delete(server);
    l.kills++;
    live = false;
    await Promise.allSettled([...appliers, staff]);
  }
  // Recovery: a normal start (which sweeps leftovers), then a clean stop to read the files.
  const last = await spawnServer(l.dataDir, {}, { startMs: 120_000 });
  running.add(last);
  last.child.kill('SIGTERM');
  await last.exited;
  running.delete(last);
  return l;
}

describe('the embedded store under kill -9', () => {
  const root = mkdtempSync(join(tmpdir(), 'blankett-kill-'));

  afterAll(() => {
    for (const s of running) s.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps every acknowledged application (once, with its notification) and note through ten SIGKILLs amid group commits, none half-written, no orphan blobs', async () => {
    const lanes = await Promise.all(Array.from({ length: LANES }, (_, i) => lane(root, `lane${i}`)));
    expect(lanes.reduce((n, l) => n + l.kills, 0)).toBe(LANES * KILLS_PER_LANE);
    for (const l of lanes) {
      const audit = await auditDataDir(l.dataDir);
      expect(l.acked.size).toBeGreaterThanOrEqual(3 * KILLS_PER_LANE);
      expect(l.refused).toBe(0);
      expect([...l.acked].filter(([id, email]) => audit.apps.get(id)?.email !== email)).toEqual([]);
      // Exactly once: no address stored twice, and each acknowledged application's notification committed with it.
      expect([...audit.perEmail].filter(([, n]) => n !== 1)).toEqual([]);
      expect([...l.acked.keys()].filter((id) => audit.notified.get(id) !== 1)).toEqual([]);
      expect(l.notes.filter((n) => !audit.apps.get(n.id)?.notes.includes(n.note))).toEqual([]);
      // Every application the stream made (acknowledged or not) is whole: answers, info, log, its CV.
      expect(audit.incomplete.filter((id) => audit.apps.get(id)?.email.endsWith('@kill.se'))).toEqual([]);
      expect(audit.orphans).toEqual([]);
    }
    // A start of the bundled server (scripts/server-bundle.ts) takes about 2 s to listening on an
    // idle 2-core machine (19 s for the test; under tsx 4–6 s and 35 s), several times that under
    // CI's load: imports and the action registry, not the store.
  }, 300_000);
});
