import { createHash, randomBytes } from 'node:crypto';
import type { ServerDeps } from '../../../base/deps';
import type { Store } from '../../../store/port';
import { newTotpSecret, qrSvgDataUrl, totpStep, totpUri } from '../../../auth/totp';
import type { StoredPasskey } from '../../../auth/webauthn';

/**
 * A person's second factors (issue 29 item 3), one document per user in `mfa`: the TOTP
 * secret once confirmed (with the last time step a code was accepted for, so no code is
 * accepted twice), an enrolment waiting for its first code, the recovery codes (sha256 only)
 * and the passkeys.
 */
export interface MfaDoc {
  [k: string]: unknown;
  userId: number;
  totp?: { secret: string; confirmedAt: number; lastStep?: number };
  pendingTotp?: { secret: string; at: number };
  recovery?: string[];
  passkeys?: StoredPasskey[];
  /** The challenge of a passkey registration under way (from the account page). */
  registration?: { challenge: string; at: number };
}

export type Factor = 'totp' | 'webauthn';
const RECOVERY_CODE_COUNT = 10;

export const mfaDocs = (store: Store) => store.collection<MfaDoc>('mfa');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A recovery code as typed: case, spaces and dashes do not matter. */
const recoveryKey = (code: string) => sha256(code.toUpperCase().replace(/[\s-]/g, ''));

export async function mfaOf(store: Store, userId: number): Promise<MfaDoc | null> {
  return mfaDocs(store).findOne({ userId });
}

/** The factors a person has enrolled, TOTP first. */
export function factorsOf(doc: MfaDoc | null): Factor[] {
  const out: Factor[] = [];
  if (doc?.totp) out.push('totp');
  if (doc?.passkeys?.length) out.push('webauthn');
  return out;
}

/** Starts (or restarts) a TOTP enrolment: a new secret that counts once a code from it is confirmed. */
export async function startTotp(deps: Pick<ServerDeps, 'store' | 'now'>, user: { id: number; email: string }) {
  const secret = newTotpSecret();
  await mfaDocs(deps.store).updateOne({ userId: user.id }, { $set: { pendingTotp: { secret, at: deps.now() } } }, { upsert: true });
  const otpauthUri = totpUri(secret, user.email);
  return { secret, otpauthUri, qr: await qrSvgDataUrl(otpauthUri) };
}

function newRecoveryCodes(): string[] {
  // 10 characters of base32 (50 bits) each, shown as XXXXX-XXXXX.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * Confirms the enrolment waiting for a code: with a right code the secret becomes the
 * person's TOTP factor and 10 fresh recovery codes are made (returned once, stored hashed).
 * Null when nothing waits or the code is wrong.
 */
export async function confirmTotp(deps: Pick<ServerDeps, 'store' | 'now'>, userId: number, code: string): Promise<string[] | null> {
  const doc = await mfaOf(deps.store, userId);
  const pending = doc?.pendingTotp;
  if (!pending || deps.now() - pending.at > 60 * 60) return null;
  const step = totpStep(pending.secret, code.trim(), Date.now());
  if (step === null) return null;
  const codes = newRecoveryCodes();
  const done = await mfaDocs(deps.store).updateOne(
    { userId, 'pendingTotp.secret': pending.secret },
    { $set: { totp: { secret: pending.secret, confirmedAt: deps.now(), lastStep: step }, recovery: codes.map(recoveryKey) }, $unset: { pendingTotp: true } },
  );
  return done ? codes : null;
}

/** Enrols a known TOTP secret at once (the demo seed's odin, when DEMO_TOTP_SECRET is set). */
export async function enrolTotpSecret(deps: Pick<ServerDeps, 'store' | 'now'>, userId: number, secret: string): Promise<void> {
  await mfaDocs(deps.store).updateOne({ userId }, { $set: { totp: { secret, confirmedAt: deps.now() } } }, { upsert: true });
}

/** Removes TOTP and its recovery codes. */
export async function removeTotp(store: Store, userId: number): Promise<void> {
  await mfaDocs(store).updateOne({ userId }, { $unset: { totp: true, pendingTotp: true, recovery: true } });
}

/**
 * Checks a TOTP code or a recovery code and uses it up: a TOTP code only for a time step
 * after the last one accepted (one conditional write, so two instances cannot both accept
 * it), a recovery code by taking it out of the list (one conditional write too).
 */
export async function useCode(store: Store, userId: number, raw: string): Promise<boolean> {
  const code = raw.trim();
  const doc = await mfaOf(store, userId);
  if (!doc?.totp) return false;
  if (/^\d{6}$/.test(code)) {
    const step = totpStep(doc.totp.secret, code, Date.now());
    if (step === null) return false;
    const filter = { userId, $or: [{ 'totp.lastStep': { $exists: false } }, { 'totp.lastStep': { $lt: step } }] };
    return (await mfaDocs(store).updateOne(filter, { $set: { 'totp.lastStep': step } })) !== null;
  }
  if (code.length > 20) return false;
  const key = recoveryKey(code);
  if (!doc.recovery?.includes(key)) return false;
  return (await mfaDocs(store).updateOne({ userId, recovery: key }, { $pull: { recovery: key } })) !== null;
}

/** What the account page shows: the factors, the passkeys' names and how many recovery codes are left. */
export function mfaSummary(doc: MfaDoc | null) {
  return {
    totp: !!doc?.totp,
    recoveryCodesLeft: doc?.totp ? (doc.recovery?.length ?? 0) : 0,
    passkeys: (doc?.passkeys ?? []).map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt })),
  };
}
