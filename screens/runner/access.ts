import type { Access } from './types';

/** The container rights of the logged-in user (session.tsx `Rights`; read = a member). */
export interface AccessRights {
  odin: boolean;
  admin: boolean;
  write: boolean;
  /** A member of the chosen container at all; absent means yes (the guards wait for a container). */
  read?: boolean;
}

/** The user's per-position permission names on the position in the route ('Administrator', 'Write'). */
export type PositionRights = readonly string[];

/**
 * May a user with these rights open a screen of this `access` (screen.schema.json)? `rights`
 * null means not logged in. positionWrite/positionAdmin accept the container right or the
 * per-position one; without positionRights (e.g. in the sidebar, before a position is
 * loaded) only the container right counts. Odin passes everything.
 */
/** Whether `access` needs someone signed in: all but public and candidate (a page's rights are never empty, even signed out). */
export const needsSignIn = (access: Access | undefined): boolean => !!access && access !== 'public' && access !== 'candidate';

export function canOpen(access: Access, rights: AccessRights | null, positionRights?: PositionRights): boolean {
  if (access === 'public' || access === 'candidate') return true;
  if (!rights) return false;
  if (rights.odin) return true;
  const onPosition = (names: string[]) => !!positionRights?.some((p) => names.includes(p));
  switch (access) {
    case 'loggedIn':
      return true;
    case 'read':
      return rights.read ?? true;
    case 'write':
      return rights.write;
    case 'admin':
      return rights.admin;
    case 'odin':
      return false;
    case 'positionWrite':
      return rights.write || onPosition(['Write', 'Administrator']);
    case 'positionAdmin':
      return rights.admin || onPosition(['Administrator']);
  }
}

/** Ranks for comparing a screen's access with an action's x-role (public < loggedIn < read < write < admin < odin). */
export const ACCESS_RANK: Record<Access, number> = {
  public: 0,
  candidate: 0,
  loggedIn: 1,
  read: 2,
  write: 3,
  positionWrite: 3,
  admin: 4,
  positionAdmin: 4,
  odin: 5,
};
