/** Who calls: the logged-in user behind a request, as the session token names them. */
export interface Principal {
  userId: number;
  email: string;
  givenName: string;
  familyName: string;
  isOdin: boolean;
  /**
   * The account's email is proven (server/auth/users.ts isEmailProven). The candidate area
   * shows and changes nothing about a person for an unproven caller; absent = unproven.
   */
  emailProven?: boolean;
  /** When this session was opened by following a mailed link (unix seconds), if it was. */
  linkAt?: number;
  /**
   * The token version the session was issued at (equal to the account's when it was checked).
   * Every write that issues a token is conditional on it (a compare-and-set in the store), so a
   * proof, logout or password change that lands while a call is in flight makes that call write
   * and issue nothing. Absent only on principals made outside authentication (tests).
   */
  tokenVersion?: number;
  /** The session record the token names (server/auth/sessions.ts); absent on tokens from before records. */
  sessionId?: string;
  /**
   * The organisation whose own sign-in (SSO) opened this session. Its provider vouches for the
   * account as staff of that organisation only: such a session never opens the person's own
   * applications (domain/accounts/candidate.ts).
   */
  sso?: number;
}
