import { describe, expect, it } from 'vitest';
import { decodeToken, isOdin, validUser } from '../../../screens/runner/session/token';

const token = (claims: Record<string, unknown>) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

describe('the admin token check', () => {
  it('reads the claims of a token, names in UTF-8 included', () => {
    expect(decodeToken(token({ sub: 'a@b.se', exp: 10, given_name: 'Åsa', family_name: 'Öberg', role: 'user' }))).toEqual({
      sub: 'a@b.se', exp: 10, given_name: 'Åsa', family_name: 'Öberg', role: 'user',
    });
  });

  it('refuses a token that cannot be decoded or lacks sub or exp', () => {
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(decodeToken(token({ exp: 10 }))).toBeNull();
    expect(decodeToken(token({ sub: 'a@b.se', exp: '10' }))).toBeNull();
    expect(decodeToken(null)).toBeNull();
  });

  it('treats a token whose exp has passed as no session', () => {
    expect(validUser(token({ sub: 'a@b.se', exp: 100 }), 99)).not.toBeNull();
    expect(validUser(token({ sub: 'a@b.se', exp: 100 }), 100)).toBeNull();
  });

  it('finds odin when the role contains odin', () => {
    expect(isOdin(decodeToken(token({ sub: 'o@b.se', exp: 1, role: 'odin' })))).toBe(true);
    expect(isOdin(decodeToken(token({ sub: 'o@b.se', exp: 1, role: 'Odin,user' })))).toBe(true);
    expect(isOdin(decodeToken(token({ sub: 'u@b.se', exp: 1, role: 'user' })))).toBe(false);
  });
});
