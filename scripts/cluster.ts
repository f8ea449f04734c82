import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ferretDbBinary, startFerretDb, type RunningFerretDb } from './ferretdb';
import { startProxy } from './proxy';
import { startRedis } from './redis';
import { spawnMain, type ServerProcess } from './server-process';

/**
 * `npm run cluster [-- N]`: N local Blankett instances (default 2), one redis-server and a
 * round-robin proxy on PORT (default 3000), against MONGODB_URI, so a developer can watch the
 * instances share one portal. Without MONGODB_URI it starts FerretDB from .tools (tests' copy:
 * wire protocol only, not for real data). Each instance keeps its own DATA_DIR under
 * DATA_DIR/cluster/<n>. Ctrl-C stops everything.
 */
const n = Number(process.argv[2] ?? 2);
if (!Number.isInteger(n) || n < 1 || n > 16) {
  console.error('Ange antal instanser 1–16: npm run cluster -- 3');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(process.env.DATA_DIR ?? './data', 'cluster');
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

let ferret: RunningFerretDb | undefined;
let mongoUri = process.env.MONGODB_URI;
if (!mongoUri) {
  const bin = ferretDbBinary();
  if (!bin) {
    console.error('Ange MONGODB_URI, eller installera FerretDB för försök: bash scripts/install-ferretdb.sh');
    process.exit(1);
  }
  ferret = await startFerretDb(bin);
  mongoUri = `${ferret.uri}blankett_cluster`;
  console.log(`FerretDB (bara för försök): ${mongoUri}`);
}
const redis = process.env.REDIS_URL ? undefined : await startRedis();
const redisUrl = process.env.REDIS_URL ?? redis!.url;
const env = {
  MONGODB_URI: mongoUri,
  REDIS_URL: redisUrl,
  JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(36).toString('base64url'),
  PUBLIC_URL: publicUrl,
  TRUST_PROXY: '1',
};

const instances: ServerProcess[] = [];
const backends: { host: string; port: number }[] = [];
const proxy = await startProxy(backends, port);
const stop = async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await proxy.close();
  await redis?.stop();
  await ferret?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

// One after the other: the first seeds the demo data (outside production) on an empty store.
for (let i = 1; i <= n; i++) {
  const dir = join(dataDir, String(i));
  mkdirSync(dir, { recursive: true });
  const inst = await spawnMain({ ...env, DATA_DIR: dir }, { onOutput: (chunk) => process.stdout.write(chunk.replace(/^(?=.)/gm, `[${i}] `)) });
  instances.push(inst);
  backends.push({ host: '127.0.0.1', port: inst.port });
  inst.exited.then((code) => console.error(`instans ${i} avslutades (${code})`));
}
console.log(`\n${n} instanser bakom ${publicUrl} (proxy), Redis ${redisUrl}. Ctrl-C stoppar allt.`);
