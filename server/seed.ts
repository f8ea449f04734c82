import { randomBytes } from 'node:crypto';
import type { Config } from './config';
import type { ServerDeps } from './base/deps';
import { registerUser } from './auth/account';
import { newContainerDoc } from './domain/organisations/containers';
import { seedDemoContent } from './domain/demo/demo';
import { startWithDefaultEmailTemplates } from './domain/mail/default-email-templates';
import { DuplicateKeyError } from './store/port';
import { enrolTotpSecret } from './domain/accounts/mfa/factors';

/** The demo organisation and its four users (docs/contracts.md "Demo data"). */
const DEMO_CONTAINER = { name: 'demo', displayName: 'Demoföretaget AB' } as const;
/** The demo's contact email (Företags Profil): the Reply-To of its mail to applicants when no inbound mail is set up. */
const DEMO_CONTACT = 'rekrytering@demo.test';
const DEMO_USERS = [
  { email: 'odin@demo.test', firstname: 'Oden', lastname: 'Allfader', role: 'odin', permissionIds: [] },
  { email: 'admin@demo.test', firstname: 'Anna', lastname: 'Administratör', role: 'user', permissionIds: [1] },
  { email: 'writer@demo.test', firstname: 'Viktor', lastname: 'Skribent', role: 'user', permissionIds: [2] },
  { email: 'reader@demo.test', firstname: 'Linnea', lastname: 'Läsare', role: 'user', permissionIds: [3] },
] as const;

/**
 * Seeds the demo organisation on an empty store outside production; production never seeds.
 * The password is DEMO_PASSWORD, or a random one printed once to stdout (not to the JSON log).
 * Returns the password used, or null when nothing was seeded.
 */
export async function seedIfEmpty(deps: ServerDeps, config: Pick<Config, 'isProduction' | 'demoPassword' | 'demoTotpSecret'>, print = true): Promise<string | null> {
  if (config.isProduction) return null;
  const [containers, users] = await Promise.all([deps.store.collection('containers').count({}), deps.store.collection('users').count({})]);
  if (containers > 0 || users > 0) return null;
  const password = config.demoPassword ?? randomBytes(9).toString('base64url');
  const container = await newContainerDoc(deps.store, DEMO_CONTAINER);
  try {
    await deps.store.collection('containers').insertOne(container);
  } catch (err) {
    // Another instance on the same store is seeding at this moment: the unique container name
    // lets one of them through, and the other leaves the rest to it.
    if (err instanceof DuplicateKeyError) return null;
    throw err;
  }
  for (const u of DEMO_USERS) {
    const user = await registerUser(deps, { email: u.email, password, firstname: u.firstname, lastname: u.lastname, role: u.role, emailVerifiedAt: deps.now() });
    // odin always needs a second factor; with DEMO_TOTP_SECRET (tests) it is enrolled already.
    if (u.role === 'odin' && config.demoTotpSecret) await enrolTotpSecret(deps, user.id, config.demoTotpSecret);
    if (u.permissionIds.length) {
      await deps.store.collection('memberships').insertOne({
        id: await deps.store.nextSequence('memberships'),
        containerId: container.id,
        userId: user.id,
        email: user.email,
        permissionIds: [...u.permissionIds],
      });
    }
  }
  await seedDemoContent(deps, container);
  // Mail from the first application: the Swedish templates (the confirmation among them) and a
  // contact address that answers reach, as every new organisation gets them.
  await deps.store.collection('containers').updateOne({ id: container.id }, { $set: { 'profile.email': DEMO_CONTACT } });
  await startWithDefaultEmailTemplates(deps, container, DEMO_CONTAINER.displayName);
  deps.log.info('demo data seeded', { container: container.name, users: DEMO_USERS.length });
  if (print && !config.demoPassword) {
    process.stdout.write(
      `\nDemodata skapad. Logga in som ${DEMO_USERS.map((u) => u.email).join(', ')}\nmed lösenordet: ${password}\n(visas bara nu; sätt DEMO_PASSWORD för ett eget)\n\n`,
    );
  }
  return password;
}
