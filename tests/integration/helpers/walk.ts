import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { HOLDERS } from '../../../server/domain/gdpr/personal';
import { scanCollections, scanStorage } from './scan';
import { MAIL_OUTBOX } from '../../../server/mail/store-outbox';
import type { TestServer } from './server';

/**
 * The personal-data walk: after a removal path, everything the server keeps is searched for a
 * person. Every collection the entity schemas tag as personal (server/domain/personal.ts) is
 * read through the store, every string field of every document searched; the whole store
 * (SQLite tables or Mongo collections, GridFS included), the blob files and every collection
 * are scanned for the person's unique marks; and the mail outbox is read as mail (decoded
 * subjects and bodies), since the copies are base64.
 */
export interface Someone {
  email: string;
  /** Strings only this person's data carries: surname, personnummer, phone, texts they wrote. */
  marks: string[];
}

export interface Allowed {
  /** Documents of this organisation may carry the email (another application with the same address). */
  containerId?: number;
  /** Outbox copies that may carry the email (mail of that other organisation). */
  outbox?: Set<string>;
}

const strings = (v: unknown, out: string[] = []): string[] => {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
  return out;
};

/** Every kept mail copy by name, raw: DATA_DIR/outbox on the embedded store, the `mailOutbox` collection on mongo. */
async function outboxCopies(server: TestServer): Promise<Map<string, string | Buffer>> {
  if (server.kind === 'mongo') {
    const docs = await server.deps.store.collection<{ name: string; eml: string }>(MAIL_OUTBOX).find({});
    return new Map(docs.map((d) => [d.name, d.eml]));
  }
  const dir = join(server.config.dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return new Map();
  }
  return new Map(names.map((f) => [f, readFileSync(join(dir, f))]));
}

export async function outboxNames(server: TestServer): Promise<string[]> {
  return [...(await outboxCopies(server)).keys()];
}

/** Every outbox copy as text a person reads: addresses, decoded subject, text and HTML. */
export async function readOutbox(server: TestServer): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [f, raw] of await outboxCopies(server)) {
    const m = await simpleParser(raw);
    const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '');
    out.set(f, [to, m.subject ?? '', m.text ?? '', typeof m.html === 'string' ? m.html : ''].join('\n').toLowerCase());
  }
  return out;
}

/** What of the person is left, as `where: what` lines (empty: nothing). */
export async function walk(server: TestServer, who: Someone, allowed: Allowed = {}): Promise<string[]> {
  const left: string[] = [];
  const email = who.email.toLowerCase();
  for (const h of HOLDERS) {
    for (const doc of await server.deps.store.collection(h.collection).find({})) {
      const texts = strings(doc).map((s) => s.toLowerCase());
      const mark = who.marks.find((m) => texts.some((t) => t.includes(m.toLowerCase())));
      if (mark) left.push(`${h.collection} #${String(doc.id)}: ${mark}`);
      else if (doc[h.container] !== allowed.containerId && texts.some((t) => t.includes(email))) left.push(`${h.collection} #${String(doc.id)}: ${email}`);
    }
  }
  for (const hit of await scanCollections(server, who.marks)) left.push(`collection ${hit.collection} #${String(hit.id)}`);
  for (const hit of await scanStorage(server, who.marks)) left.push(`storage ${hit.where} #${String(hit.id ?? '')}`);
  for (const [file, text] of await readOutbox(server)) {
    const mark = who.marks.find((m) => text.includes(m.toLowerCase()));
    if (mark) left.push(`outbox ${file}: ${mark}`);
    else if (text.includes(email) && !allowed.outbox?.has(file)) left.push(`outbox ${file}: ${email}`);
  }
  return left;
}
