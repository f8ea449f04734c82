import type { Store } from '../store/port';
import type { TokenUser } from './tokens';
import { announceSessionsRevoked } from './revocations';

/** A stored user (docs/collections.md `users`). */
export interface UserDoc extends TokenUser {
  [k: string]: unknown;
  passwordHash: string;
  phoneNumber?: string;
  title?: string;
  /** sha256 (hex) of the one-time password-reset token, and when it expires (unix seconds). */
  resetTokenHash?: string;
  resetTokenExpires?: number;
  /** Unix seconds when the owner last followed a link mailed to this address; absent = unproven. */
  emailVerifiedAt?: number;
}

export function isEmailProven(user: UserDoc): boolean {
  return typeof user.emailVerifiedAt === 'number';
}

export const users = (store: Store) => store.collection<UserDoc>('users');

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(store: Store, email: string): Promise<UserDoc | null> {
  return users(store).findOne({ email: normaliseEmail(email) });
}

export function findUserById(store: Store, id: number): Promise<UserDoc | null> {
  return users(store).findOne({ id });
}

/** Invalidates every token issued to the user so far (logout, password or role change). */
export async function bumpTokenVersion(store: Store, userId: number): Promise<void> {
  await users(store).updateOne({ id: userId }, { $inc: { tokenVersion: 1 } });
  announceSessionsRevoked(store, userId);
}

/** What a client may see of a user: never the hash or reset state. */
export function publicUser(u: UserDoc) {
  return {
    id: u.id,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    role: u.role,
    phoneNumber: u.phoneNumber ?? '',
    title: u.title ?? '',
  };
}
