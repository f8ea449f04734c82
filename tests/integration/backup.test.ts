import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../server/store/embedded';
import { PDF, dataUrl, validAnswers } from './helpers/domain';
import { loginAs, openPositionId, spawnServer, type ServerProcess } from './helpers/main-process';

/**
 * Issue 15 part 6: `npm run backup` while applications stream in (real HTTP, half of them
 * with a file of their own bytes), then `npm run restore` into an empty DATA_DIR and a
 * server on it: every application acknowledged before the backup started is there, its
 * file byte for byte, and a token issued before the backup still works. The embedded
 * store's feature, so embedded only (Mongo: mongodump, README).
 */
const root = resolve(import.meta.dirname, '../..');
const running = new Set<ServerProcess>();
let tmp = '';

/** Runs scripts/<name>.ts; `onLine` sees each line it prints as it prints it. */
function script(name: 'backup' | 'restore', dataDir: string, arg: string, onLine: (line: string) => void = () => undefined): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, arg], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, MONGODB_URI: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => {
    const lines = (out.slice(out.lastIndexOf('\n') + 1) + b.toString()).split('\n').slice(0, -1);
    out += b.toString();
    lines.forEach(onLine);
  });
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  return new Promise((res) => child.once('exit', (code) => res({ code, out, err })));
}

interface Acked {
  id: number;
  email: string;
  file: Buffer | null;
  at: number;
}

async function apply(url: string, positionId: number, email: string, file: Buffer | null): Promise<number | null> {
  const extra = file ? { form_file: [{ filename: 'cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', file) }] } : {};
  const res = await fetch(`${url}/api/public/positions/apply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'create_jobApplication', data: { email, positionId, metadata: validAnswers(email, extra) } }),
  });
  const body = (await res.json().catch(() => null)) as { data?: { id?: number } } | null;
  return res.status === 201 && body?.data?.id ? body.data.id : null;
}

afterAll(() => {
  for (const s of running) s.child.kill('SIGKILL');
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('npm run backup during a stream of applications, then npm run restore', () => {
  it('restores every application acknowledged before the backup, its files byte for byte, and old tokens still work', async () => {
    tmp = mkdtempSync(join(tmpdir(), 'blankett-backup-'));
    const data = join(tmp, 'data');
    const server = await spawnServer(data);
    running.add(server);
    const token = await loginAs(server.url, 'admin@demo.test');
    const positionId = await openPositionId(server.url);

    const acked: Acked[] = [];
    let live = true;
    const appliers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; live; i++) {
        const email = `strom-${w}-${i}@backup.se`;
        const file = i % 2 === 0 ? Buffer.concat([PDF, Buffer.from(`% ${email} ${randomBytes(32).toString('hex')}\n`), randomBytes(2000)]) : null;
        const id = await apply(server.url, positionId, email, file).catch(() => null);
        if (id) acked.push({ id, email, file, at: performance.now() });
      }
    });
    while (acked.length < 40) await new Promise((r) => setTimeout(r, 20));

    const target = join(tmp, 'kopia');
    // "Before the backup" is before it starts reading the database (after its process has
    // started and copied the first blobs): what a copy of the file would miss is still in the WAL then.
    let backupStarted = Infinity;
    const spawned = performance.now();
    const backup = await script('backup', data, target, (line) => {
      if (line.startsWith('Tar en ögonblicksbild')) backupStarted = performance.now();
    });
    const backupEnded = performance.now();
    // The stream goes on after the backup, so the copy is taken with writes on both sides of it.
    const after = acked.length;
    while (acked.length < after + 10) await new Promise((r) => setTimeout(r, 20));
    live = false;
    await Promise.all(appliers);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toContain('Säkerhetskopian är klar');
    const before = acked.filter((a) => a.at < backupStarted);
    const during = acked.filter((a) => a.at >= spawned && a.at <= backupEnded);
    expect(backupStarted).toBeLessThan(backupEnded);
    expect(before.length).toBeGreaterThanOrEqual(40);
    expect(during.length).toBeGreaterThan(0);

    // Refusals, in Swedish: a non-empty backup directory, a non-empty DATA_DIR, a directory that is no backup.
    const refusedBackup = await script('backup', data, target);
    expect(refusedBackup.code).not.toBe(0);
    expect(refusedBackup.err).toContain('är inte tom');
    const used = join(tmp, 'upptagen');
    mkdirSync(used);
    writeFileSync(join(used, 'något'), 'x');
    const refusedRestore = await script('restore', used, target);
    expect(refusedRestore.code).not.toBe(0);
    expect(refusedRestore.err).toContain('Datakatalogen');
    expect(refusedRestore.err).toContain('är inte tom');
    const notBackup = await script('restore', join(tmp, 'tom'), used);
    expect(notBackup.code).not.toBe(0);
    expect(notBackup.err).toContain('ingen komplett säkerhetskopia');

    server.child.kill('SIGTERM');
    await server.exited;
    running.delete(server);

    const restoredDir = join(tmp, 'aterstalld');
    const restore = await script('restore', restoredDir, target);
    expect(restore.err).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.out).toContain('Återställt till');

    const restored = await spawnServer(restoredDir);
    running.add(restored);
    // The token from before the backup works on the restored portal, and every file is there byte for byte.
    const withFiles = before.filter((a) => a.file);
    expect(withFiles.length).toBeGreaterThan(10);
    
    for (const a of withFiles) {
      const res = await fetch(`${restored.url}/api/dispatcher`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ action: 'get_applicantPosition', data: { id: a.id } }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { files?: { url: string }[] } };
      const file = body.data.files?.[0];
      expect(file, `application ${a.id}`).toBeDefined();
      const dl = await fetch(`${restored.url}/api/dispatcher/storage/application/${a.id}/files/${file!.url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(dl.status).toBe(200);
      expect(Buffer.from(await dl.arrayBuffer()).equals(a.file!)).toBe(true);
    }
    restored.child.kill('SIGTERM');
    await restored.exited;
    running.delete(restored);

    // Every application acknowledged before the backup started is in the restored store.
    const opened = EmbeddedStore.open(restoredDir, { log: { info() {}, warn() {}, error() {} } as never });
    try {
      const apps = await opened.collection<{ id: number; email: string }>('applications').find({}, { projection: { id: 1, email: 1 } });
      const byId = new Map(apps.map((a) => [a.id, a.email]));
      const lost = before.filter((a) => byId.get(a.id) !== a.email);
      expect(lost).toEqual([]);
    } finally {
      await opened.close();
    }
  }, 180_000);
});
