import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../server/store';
import { SQLITE_FILE } from '../../server/store/embedded';

/** GDPR erasure on the embedded store: a deleted document's bytes do not stay in the file's free pages. */
describe('erasure on the embedded store', () => {
  it('leaves nothing of a deleted document in the database files once closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blankett-erase-'));
    try {
      const marker = 'radera.mig.19851231-1234@example.se';
      let store = await openStore({ dataDir: dir });
      const apps = store.collection<{ id: number; email: string; note: string }>('applications');
      for (let i = 1; i <= 50; i++) await apps.insertOne({ id: i, email: i === 25 ? marker : `p${i}@example.se`, note: 'x'.repeat(200) });
      await store.close();
      const bytes = () => ['', '-wal'].map((s) => join(dir, SQLITE_FILE + s)).filter(existsSync).map((f) => readFileSync(f).toString('latin1')).join('');
      expect(bytes()).toContain(marker);
      store = await openStore({ dataDir: dir });
      await store.collection('applications').deleteOne({ id: 25 });
      await store.close();
      expect(bytes()).not.toContain(marker);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
