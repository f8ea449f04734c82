import { createHash, randomBytes } from 'node:crypto';
import type { ServerDeps } from '../../../base/deps';
import type { Store } from '../../../store/port';
import type { UserDoc } from '../../../auth/users';

/**
 * The ticket between a right password and the second factor: random, only its sha256 stored
 * (in the store, so any instance can finish the login), bound to the user and their token
 * version at the time, alive 5 minutes and used once. `purpose`: `login` is finished by a
 * factor; `enrol` (a person who must have a factor and has none) only by enrolling TOTP.
 */
const TICKET_TTL_SECONDS = 5 * 60;

export interface TicketDoc {
  [k: string]: unknown;
  id: string;
  userId: number;
  tv: number;
  purpose: 'login' | 'enrol';
  expiresAt: number;
  /** The WebAuthn challenge this ticket's passkey sign-in must answer. */
  challenge?: string;
}

const tickets = (store: Store) => store.collection<TicketDoc>('mfaTickets');
const idOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function issueTicket(deps: Pick<ServerDeps, 'store' | 'now'>, user: Pick<UserDoc, 'id' | 'tokenVersion'>, purpose: TicketDoc['purpose']): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const now = deps.now();
  // Expired tickets go as new ones are made; a live one is never touched here.
  await tickets(deps.store).deleteMany({ expiresAt: { $lt: now } });
  await tickets(deps.store).insertOne({ id: idOf(ticket), userId: user.id, tv: user.tokenVersion, purpose, expiresAt: now + TICKET_TTL_SECONDS });
  return ticket;
}

/** The live ticket, or null (unknown, used or expired). */
export async function readTicket(deps: Pick<ServerDeps, 'store' | 'now'>, ticket: string): Promise<TicketDoc | null> {
  const doc = await tickets(deps.store).findOne({ id: idOf(ticket) });
  return doc && doc.expiresAt >= deps.now() ? doc : null;
}

/** Keeps the challenge a passkey sign-in on this ticket must answer. */
export async function setTicketChallenge(store: Store, ticket: string, challenge: string): Promise<void> {
  await tickets(store).updateOne({ id: idOf(ticket) }, { $set: { challenge } });
}

/** Uses the ticket up: true for exactly one caller, however many instances race for it. */
export async function consumeTicket(store: Store, ticket: string): Promise<boolean> {
  return (await tickets(store).deleteOne({ id: idOf(ticket) })) === 1;
}
