import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import type { TestServer } from './server';

/**
 * Storage-level scans for the GDPR tests: every table of the embedded SQLite database (its
 * documents and its index and search tables alike) or every collection of the Mongo database
 * (GridFS chunks included), and every file under DATA_DIR/blobs. A hit names where the text
 * was found. Nothing goes through the domain code being tested.
 */
export interface Hit {
  where: string;
  id?: unknown;
}

const contains = (bytes: Buffer, needles: string[]) => needles.some((n) => bytes.includes(Buffer.from(n, 'utf8')));

export async function scanStorage(server: TestServer, needles: string[]): Promise<Hit[]> {
  const hits: Hit[] = [];
  const store = server.deps.store as unknown as { db?: { prepare(sql: string): { all(): unknown[]; pluck(): { all(): unknown[] } } } };
  if (server.kind === 'embedded') {
    const db = store.db;
    if (!db) throw new Error('the embedded store exposes no SQLite database');
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    for (const t of tables) {
      for (const row of db.prepare(`SELECT * FROM "${t.replace(/"/g, '""')}"`).all() as Record<string, unknown>[]) {
        const text = JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('latin1') : v));
        if (needles.some((n) => text.includes(n))) hits.push({ where: `sqlite:${t}`, id: row.id ?? row.doc_id ?? row.rowid });
      }
    }
  } else {
    const client = await MongoClient.connect(server.testStore.mongoUri!);
    try {
      const db = client.db(server.testStore.dbName);
      for (const { name } of await db.listCollections().toArray()) {
        for (const doc of await db.collection(name).find({}).toArray()) {
          const data = (doc as { data?: { buffer?: Uint8Array } }).data;
          const bytes = data?.buffer ? Buffer.from(data.buffer) : Buffer.alloc(0);
          if (needles.some((n) => JSON.stringify(doc).includes(n)) || contains(bytes, needles)) hits.push({ where: `mongo:${name}`, id: (doc as { id?: unknown }).id });
        }
      }
    } finally {
      await client.close();
    }
  }
  const walk = (dir: string): string[] => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names.flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
  };
  for (const file of walk(join(server.testStore.dataDir, 'blobs'))) {
    if (contains(readFileSync(file), needles)) hits.push({ where: `blob:${file.slice(server.testStore.dataDir.length)}` });
  }
  return hits;
}

/** The name of every collection the store holds (embedded: its catalogue table; Mongo: listCollections). */
export async function collectionNames(server: TestServer): Promise<string[]> {
  if (server.kind === 'embedded') {
    const db = (server.deps.store as unknown as { db: { prepare(sql: string): { pluck(): { all(): unknown[] } } } }).db;
    return db.prepare('SELECT name FROM _collections').pluck().all() as string[];
  }
  const client = await MongoClient.connect(server.testStore.mongoUri!);
  try {
    const list = await client.db(server.testStore.dbName).listCollections().toArray();
    return list.map((c) => c.name).filter((n) => !n.startsWith('blobs.') && !n.startsWith('system.'));
  } finally {
    await client.close();
  }
}

/** Documents (by collection and id) that mention any needle, read through the store port. */
export async function scanCollections(server: TestServer, needles: string[]): Promise<{ collection: string; id: unknown }[]> {
  const hits: { collection: string; id: unknown }[] = [];
  for (const name of await collectionNames(server)) {
    for (const doc of await server.deps.store.collection(name).find({})) {
      if (needles.some((n) => JSON.stringify(doc).includes(n))) hits.push({ collection: name, id: doc.id ?? doc._id });
    }
  }
  return hits;
}
