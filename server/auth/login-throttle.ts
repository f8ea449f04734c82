import type { AttemptCounters } from '../coord/attempt-counters';

/**
 * How many checked wrong passwords an account takes, from any addresses together, before it
 * is slowed: the 10 of issue 15.
 */
export const ACCOUNT_FREE_FAILURES = 10;
/** The lock period: the account's count, the slowed mode and the owner's mail last this long. */
export const ACCOUNT_WINDOW_MS = 60 * 60_000;
/** While the account is slowed, each address gets this many checked attempts per lock period. */
const SLOW_CHECKS_PER_ADDRESS = 1;

/**
 * The most passwords an attacker gets checked for one account in one lock period with
 * `addresses` addresses, however many attempts they send: the free failures, then one per
 * address. 10,000 guesses over 100 addresses: at most 110 are checked, the other 9,890 are
 * refused before any scrypt. Over a day at most 24 × that.
 */
export function checkedGuessesBound(addresses: number): number {
  return ACCOUNT_FREE_FAILURES + addresses * SLOW_CHECKS_PER_ADDRESS;
}

/**
 * The address an attempt is counted under: an IPv4 address as it is, an IPv6 address by its
 * /64 prefix, the block one subscriber or one server is usually given. Otherwise a single
 * IPv6 subscriber would hold 2^64 "new addresses", each with its own checked attempt.
 */
export function addressKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1]!;
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => parseInt(g || '0', 16).toString(16)).join(':')}::/64`;
}

export type Admission =
  | { ok: false; retryAfterMs: number; slowed: boolean }
  | {
      ok: true;
      /** The account is slowed: a wrong password is answered as refused (429), not 401. */
      slowed: boolean;
      /** The right password: this attempt's counts are given back. */
      succeeded(): Promise<void>;
      /** A wrong password; `mailOwner` is true once per lock period, when the account is (now) slowed. */
      failed(): Promise<{ mailOwner: boolean; retryAfterMs: number }>;
    };

/**
 * The login throttle of one portal. Every attempt is counted before its password is checked
 * (so a thousand parallel requests cannot slip past the limits) and given back when it was
 * the owner's:
 *
 * 1. per account and address (`perAddress`, the config's loginPerAccount per window): one
 *    address guessing at one account is stopped after a few tries, as before;
 * 2. per account across every address: after ACCOUNT_FREE_FAILURES wrong passwords in a lock
 *    period the account is slowed. Then each address gets SLOW_CHECKS_PER_ADDRESS checked
 *    attempt(s) per lock period and is refused without a check after that; the owner, trying
 *    from an address that has not guessed wrong, is checked and gets in on the first try.
 *    A wrong password while slowed is answered like a refusal, so an attacker cannot tell a
 *    checked guess from a refused one by the answer.
 *
 * Addresses are counted by addressKey (IPv6 by /64). Unknown emails are counted and answered
 * exactly like known ones.
 */
export function createLoginThrottle(
  counters: AttemptCounters,
  opts: { perAddress: { limit: number; windowMs: number }; now?: () => number },
): { admit(email: string, ip: string): Promise<Admission> } {
  const now = opts.now ?? Date.now;
  const wait = (resetAt: number) => Math.max(1000, resetAt - now());

  return {
    async admit(email, rawIp) {
      const ip = addressKey(rawIp);
      const pairKey = `pair\n${email}\n${ip}`;
      const accountKey = `account\n${email}`;
      const slotKey = `slow\n${email}\n${ip}`;
      const pair = await counters.take(pairKey, opts.perAddress.limit, opts.perAddress.windowMs);
      if (!pair.taken) return { ok: false, retryAfterMs: wait(pair.resetAt), slowed: false };
      const account = await counters.take(accountKey, ACCOUNT_FREE_FAILURES, ACCOUNT_WINDOW_MS);
      const slowed = !account.taken;
      let slotResetAt = 0;
      if (slowed) {
        const slot = await counters.take(slotKey, SLOW_CHECKS_PER_ADDRESS, ACCOUNT_WINDOW_MS);
        if (!slot.taken) {
          // Not checked, so not counted as this address's try either.
          await counters.release(pairKey);
          return { ok: false, retryAfterMs: wait(slot.resetAt), slowed: true };
        }
        slotResetAt = slot.resetAt;
      }
      return {
        ok: true,
        slowed,
        async succeeded() {
          await counters.clear(pairKey);
          if (slowed) await counters.clear(slotKey);
          else await counters.release(accountKey);
        },
        async failed() {
          const atLimit = slowed || account.count >= ACCOUNT_FREE_FAILURES;
          const mailOwner = atLimit && (await counters.take(`mailed\n${email}`, 1, ACCOUNT_WINDOW_MS)).taken;
          return { mailOwner, retryAfterMs: slowed ? wait(slotResetAt) : 0 };
        },
      };
    },
  };
}
