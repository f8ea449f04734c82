import { describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, verifyPassword } from '../../../server/auth/password';
import { isFullCost, PASSWORD_COST } from '../../../server/base/password-cost';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const h = await hashPassword('rätt lösenord');
    expect(await verifyPassword('rätt lösenord', h)).toBe(true);
    expect(await verifyPassword('fel lösenord', h)).toBe(false);
  });

  it('salts every hash differently', async () => {
    expect(await hashPassword('samma')).not.toBe(await hashPassword('samma'));
  });

  it('stores scrypt parameters, salt and hash, never the password', async () => {
    const h = await hashPassword('hemligt123');
    expect(h).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(h).not.toContain('hemligt123');
  });

  it('never matches a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$1$1$AA==$AA==')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$99999999999$8$1$AA==$' + 'A'.repeat(88))).toBe(false);
  });

  it('gives a dummy hash that is a real hash no password is known for', async () => {
    const d = await dummyHash();
    expect(d).toBe(await dummyHash());
    expect(await verifyPassword('', d)).toBe(false);
  });

  it('hashes at a given cost and checks a hash at the cost it records, the dummy hash too', async () => {
    const low = { N: 1024, r: 8, p: 1 };
    const h = await hashPassword('billigt i test', low);
    expect(h).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('billigt i test', h)).toBe(true);
    expect(await verifyPassword('fel', h)).toBe(false);
    // The dummy hash an unknown email is checked against costs what a real one at that cost does.
    expect(await dummyHash(low)).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await dummyHash()).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(isFullCost(PASSWORD_COST)).toBe(true);
    for (const lower of [low, { ...PASSWORD_COST, r: 4 }, { ...PASSWORD_COST, p: 0 }]) expect(isFullCost(lower)).toBe(false);
  });
});
