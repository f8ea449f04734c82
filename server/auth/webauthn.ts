import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

/**
 * The one adapter for `@simplewebauthn/server` (passkeys, WebAuthn Level 3). The relying party
 * is the portal's public URL (PUBLIC_URL): its host is the RP id, its origin the only origin a
 * ceremony is accepted from. Credentials are stored as base64url strings. The library loads with
 * the first ceremony, not with the server: it is a third of a second of every start-up otherwise.
 */
const webauthn = () => import('@simplewebauthn/server');

export interface StoredPasskey {
  /** The credential id, base64url. */
  id: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports?: string[];
  name: string;
  createdAt: number;
}

interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const u = new URL(publicUrl);
  return { id: u.hostname, origin: u.origin };
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const known = (pk: StoredPasskey) => ({ id: pk.id, transports: (pk.transports ?? []) as NonNullable<RegistrationResponseJSON['response']['transports']> });

/** Options for `navigator.credentials.create` (JSON); their `challenge` is kept by the caller. */
export async function registrationOptions(rp: RelyingParty, user: { id: number; email: string }, existing: StoredPasskey[]) {
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: 'Blankett',
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(`blankett-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map(known),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** The new passkey when the browser's answer is right for the challenge, else null. */
export async function verifiedRegistration(rp: RelyingParty, response: unknown, challenge: string): Promise<Omit<StoredPasskey, 'name' | 'createdAt'> | null> {
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const r = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!r.verified || !r.registrationInfo) return null;
    const c = r.registrationInfo.credential;
    return { id: c.id, publicKey: b64(c.publicKey), counter: c.counter, ...(c.transports ? { transports: [...c.transports] } : {}) };
  } catch {
    return null;
  }
}

/** Options for `navigator.credentials.get`, limited to the user's own passkeys. */
export async function authenticationOptions(rp: RelyingParty, passkeys: StoredPasskey[]) {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({ rpID: rp.id, allowCredentials: passkeys.map(known), userVerification: 'preferred' });
}

/** The passkey used and its new counter when the assertion is right for the challenge, else null. */
export async function verifiedAssertion(rp: RelyingParty, response: unknown, challenge: string, passkeys: StoredPasskey[]): Promise<{ id: string; counter: number } | null> {
  const id = (response as { id?: unknown } | null)?.id;
  const pk = passkeys.find((p) => p.id === id);
  if (!pk) return null;
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const r = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: pk.id, publicKey: new Uint8Array(Buffer.from(pk.publicKey, 'base64url')), counter: pk.counter, transports: known(pk).transports },
      requireUserVerification: false,
    });
    return r.verified ? { id: pk.id, counter: r.authenticationInfo.newCounter } : null;
  } catch {
    return null;
  }
}
