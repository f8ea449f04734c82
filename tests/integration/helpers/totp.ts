import * as OTPAuth from 'otpauth';

/** The TOTP secret the demo seed enrols for odin in every test run (DEMO_TOTP_SECRET): odin always needs a second factor. */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The TOTP code of `secret` now (or at `atMs`), as an authenticator app shows it. */
export function totpCode(secret: string, atMs = Date.now()): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: atMs });
}

async function post(url: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/**
 * The login every test helper makes over HTTP: the password, then, when the server asks for a
 * second factor (odin, enrolled by the seed), a code computed from TEST_TOTP_SECRET; when it
 * asks for an enrolment first, a code from the secret it hands out.
 * `beforeCode` runs between the two (the in-process server forgets the step used last).
 */
export async function loginOverHttp(base: string, email: string, password: string, beforeCode?: () => Promise<void>): Promise<string> {
  const first = await post(`${base}/api/account/login`, { email, password });
  if (first.status !== 200) throw new Error(`login ${email} failed with ${first.status}`);
  if (first.body.token) return first.body.token as string;
  await beforeCode?.();
  // Someone who must have a factor and has none (made odin by a test) enrols one on the way in.
  const secret = first.body.mfaEnrolmentRequired ? (await post(`${base}/api/account/login/mfa/enrol`, { ticket: first.body.ticket })).body.data.secret : TEST_TOTP_SECRET;
  const second = await post(`${base}/api/account/login/mfa`, { ticket: first.body.ticket, code: totpCode(secret) });
  if (second.status !== 200) throw new Error(`login ${email} second step failed with ${second.status}: ${JSON.stringify(second.body)}`);
  return second.body.token as string;
}
