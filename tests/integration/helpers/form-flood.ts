import { costlyBodies, send } from './form-bodies';

/**
 * One client flooding the no-script apply form, as a process of its own (its sending costs the
 * server's process nothing): `node --import tsx form-flood.ts <base url> <path>` posts the
 * costly bodies in turn until killed, writing one line per answer (its status).
 */
const [base, path] = process.argv.slice(2) as [string, string];
const bodies = Object.values(costlyBodies());
for (let i = 0; ; i++) {
  const r = await send(base, 'POST', path, bodies[i % bodies.length]).catch(() => ({ status: 0 }));
  process.stdout.write(`${r.status}\n`);
}
