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
 */
const KILLS = 10;
const APPLIERS = 4;

describe('the embedded store under kill -9', () => {
  const root = mkdtempSync(join(tmpdir(), 'blankett-kill-'));
  const dataDir = join(root, 'data');
  let current: ServerProcess | null = null;

  afterAll(() => {
    if (current && current.child.exitCode === null) current.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps every acknowledged application and note through ten SIGKILLs, none half-written, no orphan blobs', async () => {
    const acked = new Map<number, string>();
    const ackedNotes: { id: number; note: string }[] = [];
    let refused = 0;
    let positionId = 0;

    for (let round = 0; round < KILLS; round++) {
      const server = (current = await spawnServer(dataDir));
      positionId ||= await openPositionId(server.url);
      const token = await loginAs(server.url, 'admin@demo.test');
      let running = true;
      const appliers = Array.from({ length: APPLIERS }, async (_, w) => {
        for (let i = 0; running; i++) {
          const email = `k${round}-${w}-${i}@kill.se`;
          const r = await applyWithCv(server.url, positionId, email).catch(() => null);
          if (r?.status === 201 && r.id) acked.set(r.id, email);
          else if (r) refused++;
        }
      });
      const staff = (async () => {
        for (let i = 0; running; i++) {
          const ids = [...acked.keys()];
          if (ids.length === 0) {
            await new Promise((r) => setTimeout(r, 10));
            continue;
          }
          const id = ids[(i * 7919) % ids.length]!;
          const note = `anteckning ${round}-${i}`;
          const r = await dispatch(server.url, token, 'create_JobApplicantNote', { id, note }).catch(() => null);
          if (r?.status === 200) ackedNotes.push({ id, note });
        }
      })();
      // Let writes flow for a while, then kill without warning, mid-stream.
      await new Promise((r) => setTimeout(r, 250 + ((round * 137) % 400)));
      server.child.kill('SIGKILL');
      await server.exited;
      running = false;
      await Promise.allSettled([...appliers, staff]);
    }

    // Recovery: a normal start (which sweeps leftovers), then a clean stop to read the files.
    const last = (current = await spawnServer(dataDir));
    last.child.kill('SIGTERM');
    await last.exited;

    const audit = await auditDataDir(dataDir);
    expect(acked.size).toBeGreaterThan(KILLS);
    expect(refused).toBe(0);
    const missing = [...acked].filter(([id, email]) => audit.apps.get(id)?.email !== email);
    expect(missing).toEqual([]);
    const lostNotes = ackedNotes.filter((n) => !audit.apps.get(n.id)?.notes.includes(n.note));
    expect(lostNotes).toEqual([]);
    // Every application the stream made (acknowledged or not) is whole: answers, info, log, its CV.
    expect(audit.incomplete.filter((id) => audit.apps.get(id)?.email.endsWith('@kill.se'))).toEqual([]);
    expect(audit.orphans).toEqual([]);
  }, 120_000);
});
