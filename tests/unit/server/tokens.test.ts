import { randomBytes } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_SECONDS, readToken, signToken, TOKEN_TTL_SECONDS } from '../../../server/auth/tokens';

const secret = randomBytes(32);
const user = { id: 7, email: 'a@b.se', firstname: 'Åsa', lastname: 'Ek', role: 'user' as const, tokenVersion: 3 };
const now = () => Math.floor(Date.now() / 1000);

describe('session tokens', () => {
  it('carry given_name, family_name, sub, role, exp, uid and tv', async () => {
    const token = await signToken(secret, user);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({ given_name: 'Åsa', family_name: 'Ek', sub: 'a@b.se', role: 'user', uid: 7, tv: 3 });
    expect(payload.exp - payload.iat).toBe(TOKEN_TTL_SECONDS);
    expect(await readToken(secret, token)).toEqual({ uid: 7, tv: 3, sub: 'a@b.se', role: 'user' });
  });

  it('are refused when signed with another key', async () => {
    expect(await readToken(randomBytes(32), await signToken(secret, user))).toBeNull();
  });

  it('signed with JWT_SECRET_PREVIOUS still verify after a rotation, and only when that key is given', async () => {
    const previous = randomBytes(32);
    const old = await signToken(previous, user);
    expect(await readToken(secret, old, previous)).toEqual({ uid: 7, tv: 3, sub: 'a@b.se', role: 'user' });
    expect(await readToken(secret, old)).toBeNull();
    expect(await readToken(secret, old, randomBytes(32))).toBeNull();
    expect(await readToken(secret, await signToken(secret, user), previous)).not.toBeNull();
  });

  it('are refused when expired by more than the allowed clock skew', async () => {
    expect(await readToken(secret, await signToken(secret, user, now() - TOKEN_TTL_SECONDS - CLOCK_SKEW_SECONDS - 5))).toBeNull();
  });

  it('are accepted by an instance whose clock runs up to 5 minutes ahead of the signer\'s, and judged by that clock', async () => {
    // Signed by a correct clock, 60 s before it expires; read by a clock 5 minutes ahead.
    const token = await signToken(secret, user, now() - TOKEN_TTL_SECONDS + 60);
    expect(CLOCK_SKEW_SECONDS).toBe(300);
    expect(await readToken(secret, token, undefined, now() + 300)).not.toBeNull();
    // The reader's own clock decides, not the process's: far enough ahead, it has expired.
    expect(await readToken(secret, token, undefined, now() + 60 + CLOCK_SKEW_SECONDS + 5)).toBeNull();
    // A token signed by a clock 5 minutes ahead is valid on a correct one at once.
    expect(await readToken(secret, await signToken(secret, user, now() + 300))).not.toBeNull();
  });

  it('are refused with alg none', async () => {
    const unsigned = new UnsecuredJWT({ uid: 7, tv: 3, role: 'odin' }).setSubject('a@b.se').setIssuer('blankett').setExpirationTime('1h').encode();
    expect(await readToken(secret, unsigned)).toBeNull();
  });

  it('are refused with another HMAC algorithm than the pinned HS256', async () => {
    const other = await new SignJWT({ uid: 7, tv: 3, role: 'odin' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('a@b.se')
      .setIssuer('blankett')
      .setExpirationTime('1h')
      .sign(randomBytes(64));
    expect(await readToken(secret, other)).toBeNull();
  });

  it('are refused when tampered with', async () => {
    const [h, p, s] = (await signToken(secret, user)).split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), role: 'odin' })).toString('base64url');
    expect(await readToken(secret, `${h}.${forged}.${s}`)).toBeNull();
  });
});
