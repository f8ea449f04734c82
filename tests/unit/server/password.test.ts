import { describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, verifyPassword } from '../../../server/auth/password';

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
});
