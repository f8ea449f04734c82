import { randomBytes } from 'node:crypto';
import { ferretDbBinary, startFerretDb } from '../ferretdb';

/**
 * The Mongo-wire store the multi-instance benchmarks share: MONGODB_URI when set, else a
 * FerretDB of our own for the run; `databaseUri()` names a fresh database on it.
 */
export async function benchMongo(): Promise<{ databaseUri(): string; stop(): Promise<void> }> {
  let uri = process.env.MONGODB_URI;
  let stop = async () => undefined;
  if (!uri) {
    const bin = ferretDbBinary();
    if (!bin) throw new Error('MONGODB_URI eller FerretDB (bash scripts/install-ferretdb.sh) behövs');
    const ferret = await startFerretDb(bin);
    uri = ferret.uri;
    stop = async () => {
      await ferret.stop();
    };
  }
  const base = uri.replace(/\/?$/, '/');
  return { databaseUri: () => `${base}blankett_bench_${randomBytes(3).toString('hex')}`, stop };
}
