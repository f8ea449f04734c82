import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isValidEmail, replaceEmails } from '../../../engine/email';
import { isEmail } from '../../../server/auth/account';
import { validEmail } from '../../../engine/validators/validEmail';

describe('the one e-mail rule', () => {
  it('accepts plain addresses, subdomains, plus tags and Swedish letters before the @', () => {
    for (const ok of ['anna@example.se', 'anna.berg+jobb@mail.example.co.uk', 'åsa@exempel.se', '  sara@demo.test  ']) expect(isValidEmail(ok)).toBe(true);
  });

  it('refuses what is not one address with a dotted domain', () => {
    for (const bad of ['', 'anna', 'anna@', '@example.se', 'anna@example', 'anna@@example.se', 'a@b@example.se', 'anna berg@example.se', 'anna@exa mple.se', '"anna"@example.se', 'anna@example.s', 'anna@-example.se', 'anna@example.se,berg@example.se']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('refuses an address over 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.se`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.se`)).toBe(false);
  });

  it('is the rule of the validEmail validator and of the server routes alike', () => {
    for (const v of ['anna@example.se', 'anna@example', 'åsa@exempel.se']) {
      expect(validEmail.check(v, null, {} as never)).toBe(isValidEmail(v));
      expect(isEmail(v)).toBe(isValidEmail(v));
    }
    expect(isEmail(42)).toBe(false);
  });

  it('finds addresses in free text by the same rule, punctuation and neighbours left as they were', () => {
    const text = 'Nås på anna.berg+jobb@example.se, (sara@demo.test) eller åsa@exempel.se. Inte anna@example eller "x"@y.se; a@b.se;c@d.se';
    expect(replaceEmails(text, '[X]')).toBe('Nås på [X], ([X]) eller [X]. Inte anna@example eller "x"@y.se; [X];[X]');
    expect(replaceEmails('inga adresser här', '[X]')).toBe('inga adresser här');
  });

  it('is the only e-mail rule: no hand-written address regex is left in the code', () => {
    const root = resolve(import.meta.dirname, '../../..');
    // git grep exits 1 when nothing matches.
    const grep = spawnSync('git', ['grep', '-nF', '-e', '[^\\s@]+@', '-e', '\\S+@\\S+', '--', 'engine', 'server', 'screens', 'widgets'], { cwd: root, encoding: 'utf8' });
    expect(grep.stdout.trim()).toBe('');
    expect(grep.status).toBe(1);
  });
});
