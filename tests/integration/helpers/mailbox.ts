import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PARTNER_OUTBOX } from '../../../server/domain/integrations/integrations';
import { addressOf } from '../../../server/mail';
import { MAIL_OUTBOX } from '../../../server/mail/store-outbox';
import type { TestServer } from './server';

const isTo = (eml: string, to: string) => eml.split('\r\n\r\n')[0]!.toLowerCase().split('\r\n').includes(`to: ${to.toLowerCase()}`);
const textOf = (eml: string) =>
  [...eml.matchAll(/Content-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) => Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8')).join('\n');

function outboxFiles(dataDir: string): string[] {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((f) => readFileSync(join(dir, f), 'utf8'));
}

/** The decoded text parts of every outbox mail (file transport) to `to`, oldest first. */
export function outboxTo(dataDir: string, to: string): string[] {
  return outboxFiles(dataDir)
    .filter((eml) => isTo(eml, to))
    .map(textOf);
}

/**
 * Every kept mail of the server (raw RFC 5322), oldest first, wherever its outbox is:
 * DATA_DIR/outbox on the embedded store, the `mailOutbox` collection on mongo.
 */
export async function outboxMails(server: TestServer): Promise<string[]> {
  if (server.kind === 'embedded') return outboxFiles(server.config.dataDir);
  const docs = await server.deps.store.collection<{ name: string; eml: string }>(MAIL_OUTBOX).find({}, { sort: { name: 1 } });
  return docs.map((d) => d.eml);
}

/**
 * The decoded text of every outbox mail to `to`, oldest first. On mongo only that address's
 * documents are read (the outbox's indexed `address`): a file polling for one mail after
 * hundreds were sent fetched and parsed all of them on every poll.
 */
export async function mailsTo(server: TestServer, to: string): Promise<string[]> {
  const mails =
    server.kind === 'embedded'
      ? outboxFiles(server.config.dataDir)
      : (await server.deps.store.collection<{ name: string; eml: string }>(MAIL_OUTBOX).find({ address: addressOf(to).toLowerCase() }, { sort: { name: 1 } })).map((d) => d.eml);
  return mails.filter((eml) => isTo(eml, to)).map(textOf);
}

/** The partner outbox: each document's name and content (DATA_DIR/partner-outbox or the `partnerOutbox` collection). */
export async function partnerOutbox(server: TestServer): Promise<{ name: string; doc: Record<string, unknown> }[]> {
  if (server.kind === 'mongo') {
    return server.deps.store.collection<{ name: string; doc: Record<string, unknown> }>(PARTNER_OUTBOX).find({}, { sort: { name: 1 }, projection: { name: 1, doc: 1 } });
  }
  const dir = join(server.config.dataDir, 'partner-outbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.map((name) => ({ name, doc: JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown> }));
}

/** The token of the newest link to `/<page>#token=` mailed to `to` (waits for it to arrive). */
export async function mailedToken(server: TestServer, to: string, page = 'signin-link'): Promise<string> {
  const find = async () => {
    const re = new RegExp(`/${page}#token=([A-Za-z0-9_-]+)`);
    for (const text of (await mailsTo(server, to)).reverse()) {
      const m = re.exec(text);
      if (m) return m[1]!;
    }
    return undefined;
  };
  // A plain loop, not expect.poll: this also runs in beforeAll.
  for (let waited = 0; waited < 10_000; waited += 50) {
    const token = await find();
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
