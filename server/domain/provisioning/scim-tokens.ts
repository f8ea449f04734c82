import { createHash, randomBytes } from 'node:crypto';
import type { ServerDeps } from '../../base/deps';
import type { Doc, Store } from '../../store/port';

/**
 * An organisation's SCIM settings (collection `scimSettings`, one row per organisation): the
 * sha256 of its bearer token (the token itself is shown once and never stored), when and by whom
 * it was made, when it was last used, and the role a provisioned user gets (permission id
 * 1 Administrator, 2 Write, 3 Read; Read until the administrator picks another).
 */
export interface ScimSettingsDoc extends Doc {
  containerId: number;
  tokenHash?: string;
  tokenCreated?: number;
  tokenCreatedBy?: number;
  tokenLastUsed?: number;
  defaultPermissionId?: 1 | 2 | 3;
}

export type PermissionId = 1 | 2 | 3;

const DEFAULT_PERMISSION: PermissionId = 3;
/** lastUsed is written at most this often (seconds): a provisioning run makes thousands of calls. */
const LAST_USED_EVERY = 60;
const PREFIX = 'scim_';

const rows = (store: Store) => store.collection<ScimSettingsDoc>('scimSettings');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** What the administrator sees (get_scimSettings). */
export function settingsView(doc: ScimSettingsDoc | null, publicUrl: string | undefined) {
  return {
    hasToken: typeof doc?.tokenHash === 'string',
    ...(doc?.tokenHash && doc.tokenCreated ? { tokenCreated: doc.tokenCreated } : {}),
    ...(doc?.tokenHash && doc.tokenLastUsed ? { tokenLastUsed: doc.tokenLastUsed } : {}),
    defaultPermissionId: doc?.defaultPermissionId ?? DEFAULT_PERMISSION,
    url: `${(publicUrl ?? 'http://localhost:3000').replace(/\/$/, '')}/scim/v2`,
  };
}

export function scimSettings(store: Store, containerId: number): Promise<ScimSettingsDoc | null> {
  return rows(store).findOne({ containerId });
}

/** A new token for the organisation; the one before stops working at once. Answers the token (shown once). */
export async function createScimToken(deps: Pick<ServerDeps, 'store' | 'now'>, containerId: number, byUserId: number): Promise<string> {
  const token = PREFIX + randomBytes(32).toString('base64url');
  await rows(deps.store).updateOne(
    { containerId },
    { $set: { containerId, tokenHash: sha256(token), tokenCreated: deps.now(), tokenCreatedBy: byUserId }, $unset: { tokenLastUsed: true } },
    { upsert: true },
  );
  return token;
}

/** Removes the organisation's token (false when there was none). */
export async function deleteScimToken(store: Store, containerId: number): Promise<boolean> {
  const had = await rows(store).findOne({ containerId, tokenHash: { $exists: true } });
  if (!had) return false;
  await rows(store).updateOne({ containerId }, { $unset: { tokenHash: true, tokenCreated: true, tokenCreatedBy: true, tokenLastUsed: true } });
  return true;
}

export async function setDefaultPermission(store: Store, containerId: number, permissionId: PermissionId): Promise<ScimSettingsDoc | null> {
  return rows(store).updateOne({ containerId }, { $set: { containerId, defaultPermissionId: permissionId } }, { upsert: true });
}

/** The organisation a bearer token belongs to, with its default role; null for anything else. */
export async function organisationOfToken(deps: Pick<ServerDeps, 'store' | 'now'>, token: string): Promise<{ containerId: number; defaultPermissionId: PermissionId } | null> {
  if (!token.startsWith(PREFIX) || token.length > 200) return null;
  const doc = await rows(deps.store).findOne({ tokenHash: sha256(token) });
  if (!doc || typeof doc.tokenHash !== 'string') return null;
  const now = deps.now();
  if (!doc.tokenLastUsed || now - doc.tokenLastUsed >= LAST_USED_EVERY) {
    await rows(deps.store).updateOne({ containerId: doc.containerId, tokenHash: doc.tokenHash }, { $set: { tokenLastUsed: now } });
  }
  return { containerId: doc.containerId, defaultPermissionId: doc.defaultPermissionId ?? DEFAULT_PERMISSION };
}

/** The key a token is rate-limited under (never the token itself). */
export function limitKeyOf(token: string): string {
  return sha256(token).slice(0, 32);
}
