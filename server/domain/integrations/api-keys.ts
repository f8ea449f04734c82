import { createHash, randomBytes } from 'node:crypto';
import type { ServerDeps } from '../../base/deps';
import type { Store } from '../../store/port';
import { errors } from '../../errors';

/** What a key may do; a key holds one or more (docs/api-v1.md). */
const API_SCOPES = ['positions:read', 'applications:read', 'applications:write', 'webhooks:manage'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * An organisation's API key (docs/collections.md `apiKeys`). The key itself is shown once when
 * made and never stored: only its sha-256 (a 32-byte random key needs no slow hash), so a copy
 * of the store lets nobody call the API. Deleting the document revokes the key at once.
 */
export interface ApiKeyDoc {
  [k: string]: unknown;
  id: number;
  containerId: number;
  name: string;
  scopes: ApiScope[];
  hash: string;
  created: number;
  createdBy: number;
  lastUsed?: number;
}

/** Every key starts so: a key in a log line, a query string or a repository can be recognised. */
export const KEY_PREFIX = 'blk_';
const LAST_USED_EVERY = 60;

const apiKeys = (store: Store) => store.collection<ApiKeyDoc>('apiKeys');
const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export async function createApiKey(deps: Pick<ServerDeps, 'store' | 'now'>, input: { containerId: number; name: string; scopes: ApiScope[] }, createdBy: number) {
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  const id = await deps.store.nextSequence('apiKeys');
  const scopes = API_SCOPES.filter((s) => input.scopes.includes(s));
  await apiKeys(deps.store).insertOne({ id, containerId: input.containerId, name: input.name.trim(), scopes, hash: hashOf(key), created: deps.now(), createdBy });
  return { id, key };
}

/** The organisation's keys without their hashes, newest first. */
export async function listApiKeys(store: Store, containerId: number) {
  const list = await apiKeys(store).find({ containerId }, { sort: { id: -1 }, limit: 500 });
  return list.map((k) => ({ id: k.id, name: k.name, scopes: k.scopes, created: k.created, ...(k.lastUsed !== undefined ? { lastUsed: k.lastUsed } : {}) }));
}

/** The container a key belongs to (404 when there is no such key). */
export async function containerOfApiKey(store: Store, id: number): Promise<number> {
  const key = await apiKeys(store).findOne({ id }, { projection: { containerId: 1 } });
  if (!key) throw errors.notFound();
  return key.containerId;
}

export async function deleteApiKey(store: Store, containerId: number, id: number) {
  if (!(await apiKeys(store).deleteOne({ id, containerId }))) throw errors.notFound();
  return { id, deleted: true as const };
}

/** The key a caller presents, or null (wrong, revoked or not a key); marks it used at most once a minute. */
export async function findApiKey(deps: Pick<ServerDeps, 'store' | 'now'>, key: string): Promise<ApiKeyDoc | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
  const doc = await apiKeys(deps.store).findOne({ hash: hashOf(key) });
  if (!doc) return null;
  const now = deps.now();
  if (doc.lastUsed === undefined || now - doc.lastUsed >= LAST_USED_EVERY) {
    void apiKeys(deps.store)
      .updateOne({ id: doc.id }, { $set: { lastUsed: now } })
      .catch(() => undefined);
  }
  return doc;
}
