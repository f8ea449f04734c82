import type { ServerDeps } from '../../../base/deps';
import type { Store } from '../../../store/port';
import { authenticationOptions, registrationOptions, relyingPartyOf, verifiedAssertion, verifiedRegistration } from '../../../auth/webauthn';
import { mfaDocs, mfaOf } from './factors';

/** A registration's challenge is answered within this many seconds. */
const CHALLENGE_TTL_SECONDS = 5 * 60;

const rpOf = (deps: Pick<ServerDeps, 'publicUrl'>) => relyingPartyOf(deps.publicUrl ?? 'http://localhost');

/** Starts registering a passkey for the caller: the options for the browser; the challenge is kept. */
export async function startPasskeyRegistration(deps: Pick<ServerDeps, 'store' | 'now' | 'publicUrl'>, user: { id: number; email: string }) {
  const doc = await mfaOf(deps.store, user.id);
  const options = await registrationOptions(rpOf(deps), user, doc?.passkeys ?? []);
  await mfaDocs(deps.store).updateOne({ userId: user.id }, { $set: { registration: { challenge: options.challenge, at: deps.now() } } }, { upsert: true });
  return options;
}

/** Finishes it: the browser's answer to the kept challenge (used once) becomes a passkey named `name`. */
export async function finishPasskeyRegistration(deps: Pick<ServerDeps, 'store' | 'now' | 'publicUrl'>, userId: number, response: unknown, name: string): Promise<boolean> {
  const doc = await mfaOf(deps.store, userId);
  const reg = doc?.registration;
  if (!reg || deps.now() - reg.at > CHALLENGE_TTL_SECONDS) return false;
  // The challenge is taken first, so an answer is never verified twice.
  const taken = await mfaDocs(deps.store).updateOne({ userId, 'registration.challenge': reg.challenge }, { $unset: { registration: true } });
  if (!taken) return false;
  const pk = await verifiedRegistration(rpOf(deps), response, reg.challenge);
  if (!pk || (doc.passkeys ?? []).some((p) => p.id === pk.id)) return false;
  await mfaDocs(deps.store).updateOne({ userId }, { $push: { passkeys: { ...pk, name, createdAt: deps.now() } } });
  return true;
}

export async function removePasskey(store: Store, userId: number, id: string): Promise<boolean> {
  const doc = await mfaOf(store, userId);
  if (!doc?.passkeys?.some((p) => p.id === id)) return false;
  await mfaDocs(store).updateOne({ userId }, { $pull: { passkeys: { id } } });
  return true;
}

/** The options of a passkey sign-in for the user's own passkeys (null: none). */
export async function passkeySigninOptions(deps: Pick<ServerDeps, 'store' | 'publicUrl'>, userId: number) {
  const passkeys = (await mfaOf(deps.store, userId))?.passkeys ?? [];
  return passkeys.length ? authenticationOptions(rpOf(deps), passkeys) : null;
}

/** Checks a passkey assertion against the challenge; a right one moves the passkey's counter on. */
export async function usePasskey(deps: Pick<ServerDeps, 'store' | 'publicUrl'>, userId: number, response: unknown, challenge: string): Promise<boolean> {
  const passkeys = (await mfaOf(deps.store, userId))?.passkeys ?? [];
  const ok = await verifiedAssertion(rpOf(deps), response, challenge, passkeys);
  if (!ok) return false;
  const next = passkeys.map((p) => (p.id === ok.id ? { ...p, counter: ok.counter } : p));
  await mfaDocs(deps.store).updateOne({ userId }, { $set: { passkeys: next } });
  return true;
}
