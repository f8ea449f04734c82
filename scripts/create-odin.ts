import { createInterface } from 'node:readline';
import { registerUser, isEmail } from '../server/auth/account';
import { passwordProblems } from '../server/auth/password-rules';
import { findUserByEmail } from '../server/auth/users';
import { loadConfig } from '../server/config';
import { ensureFrameworkIndexes } from '../server/dispatcher/indexes';
import { openStore } from '../server/store';

/**
 * Creates the first superuser (role odin) in the configured store — the way into a
 * production installation, which never seeds demo users.
 *
 *   npm run create-odin -- --email du@example.se [--firstname Ada] [--lastname Lovelace]
 *
 * The password comes from ODIN_PASSWORD or is read from stdin (never from an argument, which
 * would land in the shell history). ODIN_EMAIL/ODIN_FIRSTNAME/ODIN_LASTNAME work as well.
 * Refuses when the email already has an account.
 */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
}

async function readPassword(): Promise<string> {
  if (process.env.ODIN_PASSWORD) return process.env.ODIN_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write('Lösenord för den nya odin-användaren: ');
  const rl = createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

async function main(): Promise<number> {
  const email = (arg('email') ?? process.env.ODIN_EMAIL ?? '').trim().toLowerCase();
  const firstname = arg('firstname') ?? process.env.ODIN_FIRSTNAME ?? '';
  const lastname = arg('lastname') ?? process.env.ODIN_LASTNAME ?? '';
  if (!isEmail(email)) {
    process.stderr.write('Ange en giltig e-postadress: --email du@example.se\n');
    return 2;
  }
  const password = await readPassword();
  const problems = passwordProblems(password, password, undefined, { email });
  if (problems.length) {
    process.stderr.write(`${problems.map((p) => p.message).join('\n')}\n`);
    return 2;
  }
  const config = loadConfig();
  const store = await openStore({ mongoUri: config.mongoUri, dataDir: config.dataDir });
  try {
    await ensureFrameworkIndexes(store);
    if (await findUserByEmail(store, email)) {
      process.stderr.write(`Det finns redan ett konto för ${email}; inget ändrat.\n`);
      return 1;
    }
    const user = await registerUser({ store, now: () => Math.floor(Date.now() / 1000) }, { email, password, firstname, lastname, role: 'odin' });
    process.stdout.write(`Odin-användaren ${user.email} (id ${user.id}) är skapad.\n`);
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`create-odin misslyckades: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
