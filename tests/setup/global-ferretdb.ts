import type { TestProject } from 'vitest/node';
import { startFerretDb, ferretDbBinary, type RunningFerretDb } from '../../scripts/ferretdb';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The MongoDB-wire server for the `mongo` adapter runs; empty when none could be had. */
    mongoUri: string;
  }
}

/**
 * Starts FerretDB (SQLite backend, loopback) once for the integration run, unless
 * MONGODB_URI points at a server already. Under CI=true a missing binary is a failure.
 */
export default async function setup(project: TestProject) {
  const given = process.env.MONGODB_URI;
  if (given) {
    project.provide('mongoUri', given);
    return;
  }
  const bin = ferretDbBinary();
  if (!bin) {
    if (process.env.CI === 'true') {
      throw new Error('FerretDB saknas: kör `bash scripts/install-ferretdb.sh` (CI får inte hoppa över Mongo-körningen).');
    }
    console.warn('[blankett] FerretDB not installed; the mongo adapter run is skipped. Run: bash scripts/install-ferretdb.sh');
    project.provide('mongoUri', '');
    return;
  }
  let running: RunningFerretDb | undefined = await startFerretDb(bin);
  project.provide('mongoUri', running.uri);
  return async () => {
    await running?.stop();
    running = undefined;
  };
}
