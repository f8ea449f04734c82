import type { Store } from '../store/port';
import type { TokenUser } from './tokens';
import { announceSessionsRevoked } from './revocations';

/** A stored user (docs/collections.md `users`). */
export interface UserDoc extends TokenUser {
  [k: string]: unknown;
  passwordHash: string;
  /**
   * When the account was made (unix seconds; absent on accounts made before issue 24). An
   * erasure removes a candidate account only when it came after the person's first erased
   * application (server/domain/gdpr.ts): an account older than that is not the erasure's.
   */
  created?: number;
  phoneNumber?: string;
  title?: string;
  /** sha256 (hex) of the one-time password-reset token, and when it expires (unix seconds). */
  resetTokenHash?: string;
  resetTokenExpires?: number;
  /**
   * When the owner last followed a link mailed to this address (unix seconds): a sign-in
   * link, a password-reset link, an email-change confirmation or an invitation link.
   * Absent = the address is unproven (every account made before this field existed, and one
   * registered with a password and never confirmed).
   */
  emailVerifiedAt?: number;
  /** An email change waiting for the new address's owner to follow the mailed link. */
  pendingEmail?: string;
  pendingEmailTokenHash?: string;
  pendingEmailExpires?: number;
  /** Who asked for the pending change (always the owner: update_account allows no other) and at which token version. */
  pendingEmailBy?: number;
  pendingEmailTv?: number;
  /** sha256 of the 'Stoppa ändringen' token in the notice mailed to the current address. */
  pendingEmailStopHash?: string;
  /** Set by 'Logga ut överallt': a token without a session record (issued before records existed) no longer works. */
  tokensNeedSession?: boolean;
  /** The organisation whose invitation created the account (its administrators may edit its names: domain/users.ts). */
  createdByContainerId?: number;
  /** The organisation whose SCIM provisioning made the account (its SCIM DELETE may remove it: domain/provisioning/scim-users.ts). */
  createdByScim?: number;
}

/** The fields of a pending email change: a password change, a reset, logout everywhere and the first proof drop them. */
export const PENDING_EMAIL_UNSET = { pendingEmail: true, pendingEmailTokenHash: true, pendingEmailExpires: true, pendingEmailBy: true, pendingEmailTv: true, pendingEmailStopHash: true } as const;

/** True once the account's owner has followed a link mailed to its address. */
export function isEmailProven(user: UserDoc): boolean {
  return typeof user.emailVerifiedAt === 'number' && user.emailVerifiedAt > 0;
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
