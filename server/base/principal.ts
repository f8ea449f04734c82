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
}
