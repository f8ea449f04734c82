/**
 * `npm run restore -- <dir>`: puts a copy made by `npm run backup` into DATA_DIR (read as
 * the server reads it), which must be empty. See server/store/backup.ts and the README.
 */
import { resolve } from 'node:path';
import sv from '../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../engine/fill';
import { dataDirFrom } from '../server/config';
import { BackupError, restoreDataDir } from '../server/store/backup';
import { DataDirLockedError } from '../server/store/lock';

const t = sv.backup;
const from = process.argv[2];
if (!from || process.argv.length > 3) {
  process.stderr.write(`${t.restoreUsage}\n`);
  process.exit(2);
}
const dataDir = dataDirFrom();
try {
  const r = await restoreDataDir(resolve(process.env.INIT_CWD ?? process.cwd(), from), dataDir);
  process.stdout.write(`${fill(t.restored, { dir: dataDir, applications: r.applications, files: r.files })}\n`);
} catch (err) {
  const known = err instanceof BackupError || err instanceof DataDirLockedError;
  process.stderr.write(`${known ? err.message : fill(t.restoreFailed, { detail: err instanceof Error ? err.message : String(err) })}\n`);
  process.exit(1);
}
