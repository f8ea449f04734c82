import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestServer } from './server';

/** The decoded text parts of every outbox mail (file transport) to `to`, oldest first. */
export function outboxTo(dataDir: string, to: string): string[] {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((eml) => eml.split('\r\n\r\n')[0]!.toLowerCase().split('\r\n').includes(`to: ${to.toLowerCase()}`))
    .map((eml) => [...eml.matchAll(/Content-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) => Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8')).join('\n'));
}

/** The decoded text of every outbox mail to `to`, oldest first. */
export function mailsTo(server: TestServer, to: string): string[] {
  return outboxTo(server.config.dataDir, to);
}

/** The token of the newest link to `/<page>#token=` mailed to `to` (waits for it to arrive). */
export async function mailedToken(server: TestServer, to: string, page = 'signin-link'): Promise<string> {
  const find = () => {
    const re = new RegExp(`/${page}#token=([A-Za-z0-9_-]+)`);
    for (const text of outboxTo(server.config.dataDir, to).reverse()) {
      const m = re.exec(text);
      if (m) return m[1]!;
    }
    return undefined;
  };
  // A plain loop, not expect.poll: this also runs in beforeAll.
  for (let waited = 0; waited < 10_000; waited += 50) {
    const token = find();
    if (token) return token;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no /${page} link mailed to ${to}`);
}

/**
 * Signs in the way a candidate does: asks for a sign-in link to the address and follows the
 * one mailed there. Returns the session token (the address is proven from now on).
 */
export async function signInByLink(server: TestServer, email: string): Promise<string> {
  const asked = await server.request('POST', '/api/account/signin-link', { email });
  if (asked.status !== 200) throw new Error(`sign-in link for ${email}: ${asked.status} ${asked.text}`);
  const r = await server.request('POST', '/api/account/signin-link/confirm', { token: await mailedToken(server, email) });
  if (r.status !== 200) throw new Error(`sign-in link confirm for ${email}: ${r.status} ${r.text}`);
  return r.body.token as string;
}
