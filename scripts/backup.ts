/**
 * `npm run backup -- <dir>`: a consistent copy of the running portal's embedded store
 * (DATA_DIR, read as the server reads it) into an empty directory, without stopping the
 * portal. A relative <dir> is taken from where npm was run (INIT_CWD); DATA_DIR, like the
 * server's, from the project. See server/store/backup.ts and the README (Backup).
 */
import { resolve } from 'node:path';
import sv from '../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../engine/fill';
import { dataDirFrom } from '../server/config';
import { BackupError, backupDataDir } from '../server/store/backup';

const t = sv.backup;
const target = process.argv[2];
if (!target || process.argv.length > 3) {
  process.stderr.write(`${t.backupUsage}\n`);
  process.exit(2);
}
if (process.env.MONGODB_URI) {
  process.stderr.write(`${t.mongo}\n`);
  process.exit(2);
}
try {
  const r = await backupDataDir(dataDirFrom(), resolve(process.env.INIT_CWD ?? process.cwd(), target), { progress: (step) => process.stdout.write(`${step}\n`) });
  for (const note of r.notes) process.stdout.write(`${note}\n`);
  process.stdout.write(
    `${fill(t.done, { dir: target, applications: r.applications, files: r.files, mb: (r.bytes / 1e6).toFixed(1), seconds: r.seconds.toFixed(2) })}\n`,
  );
} catch (err) {
  process.stderr.write(`${err instanceof BackupError ? err.message : fill(t.failed, { detail: err instanceof Error ? err.message : String(err) })}\n`);
  process.exit(1);
}
