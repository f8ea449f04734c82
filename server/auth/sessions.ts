import { randomBytes } from 'node:crypto';
import type { Store } from '../store/port';
import { describeDevice, describeNetwork } from './device';
import { announceSessionsRevoked } from './revocations';
import { users } from './users';

/**
 * One signed-in browser or device (docs/collections.md `sessions`): made by Auth.issue() with
 * the token that names it (`sid`), read beside the user on every token check, and deleted to
 * end it ('Logga ut' on Mitt konto). Only a description of the device and the network are
 * kept, never the User-Agent header or the whole address.
 */
export interface SessionDoc {
  [k: string]: unknown;
  id: string;
  userId: number;
  /** The account's token version it was opened at: a logout everywhere or password change leaves it behind. */
  tv: number;
  created: number;
  lastUsed: number;
  /** When its token expires (unix seconds): the record is worth nothing after. */
  expires: number;
  device: string;
  network: string;
  /** Opened through this organisation's own sign-in (SSO): it lasts only while the organisation alone answers for the account (middleware.ts). */
  sso?: number;
}

/** What the request tells about the client that gets the session. */
export interface SessionClient {
  userAgent?: string;
  ip?: string;
}

/** Last used is written at most this often per session (seconds). */
const TOUCH_EVERY = 60;

const sessions = (store: Store) => store.collection<SessionDoc>('sessions');

/** Records a new session for the user and returns its id; the user's expired or left-behind records go at the same time. */
export async function openSession(store: Store, user: { id: number; tokenVersion: number }, now: number, expires: number, client: SessionClient = {}, sso?: number): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  const userId = user.id;
  await Promise.all([
    sessions(store).insertOne({ id, userId, tv: user.tokenVersion, created: now, lastUsed: now, expires, device: describeDevice(client.userAgent), network: describeNetwork(client.ip), ...(sso === undefined ? {} : { sso }) }),
    sessions(store).deleteMany({ userId, expires: { $lt: now } }),
    sessions(store).deleteMany({ userId, tv: { $lt: user.tokenVersion } }),
  ]);
  return id;
}

export function findSession(store: Store, id: string): Promise<SessionDoc | null> {
  return sessions(store).findOne({ id });
}

/** Moves 'last used' to now when it is a minute old or more (not awaited by the caller: a lost write only makes it older). */
export async function touchSession(store: Store, session: SessionDoc, now: number): Promise<void> {
  if (now - session.lastUsed < TOUCH_EVERY) return;
  await sessions(store).updateOne({ id: session.id, lastUsed: { $lt: now - TOUCH_EVERY + 1 } }, { $set: { lastUsed: now } });
}

/** The user's sessions that still work (not expired, at the account's token version), last used first. */
export async function activeSessions(store: Store, user: { id: number; tokenVersion: number }, now: number): Promise<SessionDoc[]> {
  const list = await sessions(store).find({ userId: user.id, tv: user.tokenVersion, expires: { $gt: now } }, { limit: 200 });
  return list.sort((a, b) => b.lastUsed - a.lastUsed || b.created - a.created);
}

/** Ends one of the user's sessions; false when it is not theirs or already gone. */
export async function endSession(store: Store, userId: number, id: string): Promise<boolean> {
  const removed = await sessions(store).deleteOne({ id, userId });
  if (removed) announceSessionsRevoked(store, userId);
  return removed > 0;
}

/** Ends every recorded session of the user (the caller also bumps the token version for tokens without a record). */
export async function endAllSessions(store: Store, userId: number): Promise<number> {
  return sessions(store).deleteMany({ userId });
}

/**
 * 'Logga ut överallt' from one session: every other recorded session ends, and tokens without a
 * record (issued before records existed) are refused from now on (users.ts `tokensNeedSession`),
 * so the only token that still works is the caller's.
 */
export async function endOtherSessions(store: Store, userId: number, keep: string): Promise<number> {
  const ended = await sessions(store).deleteMany({ userId, id: { $ne: keep } });
  await users(store).updateOne({ id: userId }, { $set: { tokensNeedSession: true } });
  announceSessionsRevoked(store, userId);
  return ended;
}
