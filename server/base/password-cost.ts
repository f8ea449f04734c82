/** scrypt's cost parameters: N (a power of two), r, p. */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/**
 * The cost every deployment hashes passwords with: N=2^15, r=8 (32 MiB, ~50-100 ms),
 * memory-hard per OWASP's scrypt guidance. Only a test's configuration may set a lower one
 * (Config.passwordCost); createApp refuses a lower one in production. A hash records its own
 * cost, so checking a password always costs what hashing it did.
 */
export const PASSWORD_COST: PasswordCost = Object.freeze({ N: 32768, r: 8, p: 1 });

/** True when `cost` is at least PASSWORD_COST in every parameter. */
export function isFullCost(cost: PasswordCost): boolean {
  return cost.N >= PASSWORD_COST.N && cost.r >= PASSWORD_COST.r && cost.p >= PASSWORD_COST.p;
}
