import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileMailer } from '../../../server/mail';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'mailer-'));
  dirs.push(d);
  return d;
}
const mail = (n: number) => ({ to: 'a@example.se', subject: `Brev ${n}`, text: 'Hej!' });
const subjects = (dir: string) => readdirSync(join(dir, 'outbox')).map((f) => /^Subject: (.*)$/m.exec(readFileSync(join(dir, 'outbox', f), 'utf8'))?.[1]).sort();

describe('the file outbox', () => {
  it('makes its folder (only its owner may read it) and keeps each mail as one .eml', async () => {
    const dir = dataDir();
    const mailer = createFileMailer(dir);
    const name = await mailer.send(mail(1));
    expect(readdirSync(join(dir, 'outbox'))).toEqual([name]);
    expect(statSync(join(dir, 'outbox')).mode & 0o777).toBe(0o700);
  });

  it('makes the folder again when it has gone between two mails, and loses neither', async () => {
    const dir = dataDir();
    const mailer = createFileMailer(dir);
    await mailer.send(mail(1));
    rmSync(join(dir, 'outbox'), { recursive: true });
    await mailer.send(mail(2));
    await mailer.send(mail(3));
    expect(subjects(dir)).toEqual(['Brev 2', 'Brev 3']);
  });

  it('fails the mail when the folder cannot be made (a file stands in its place), and then recovers', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'outbox'), '');
    const mailer = createFileMailer(dir);
    await expect(mailer.send(mail(1))).rejects.toThrow();
    rmSync(join(dir, 'outbox'));
    await mailer.send(mail(2));
    expect(subjects(dir)).toEqual(['Brev 2']);
  });
});
