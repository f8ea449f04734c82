import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestServer } from './server';

/** Mails the file transport wrote to `to`, decoded (base64, UTF-8) to their text, oldest first. */
export function mailsTo(server: TestServer, to: string): string[] {
  const dir = join(server.config.dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names
    .map((n) => readFileSync(join(dir, n), 'utf8'))
    .filter((eml) => eml.includes(`To: ${to}\r\n`))
    .map((eml) => Buffer.from(eml.split('\r\n\r\n')[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'));
}

/** The token of the newest link of `kind` mailed to `to` (`…/invitation#token=…`, `…/reset-password#token=…`). */
export function mailedToken(server: TestServer, to: string, kind: 'invitation' | 'reset-password'): string {
  const re = new RegExp(`/${kind}#token=([A-Za-z0-9_-]+)`);
  const hit = mailsTo(server, to).reverse().map((m) => re.exec(m)?.[1]).find(Boolean);
  if (!hit) throw new Error(`no ${kind} link mailed to ${to}`);
  return hit;
}
