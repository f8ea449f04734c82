import type { Doc, Store } from './port';

/** A store that can insert into several collections in one commit (the embedded store). */
interface InsertsTogether {
  insertTogether(items: { collection: string; doc: Doc }[]): Promise<void>;
}

function insertsTogether(store: Store): store is Store & InsertsTogether {
  return typeof (store as Partial<InsertsTogether>).insertTogether === 'function';
}

/**
 * Inserts documents that belong together (an application and its notification): in one
 * commit where the store has transactions (embedded: all or none, one fsync), otherwise one
 * after the other in the given order, stopping at the first failure (Mongo/FerretDB without
 * transactions: the first document decides, so put the one that may be refused first).
 */
export async function insertTogether(store: Store, items: { collection: string; doc: Doc }[]): Promise<void> {
  if (insertsTogether(store)) return store.insertTogether(items);
  for (const item of items) await store.collection(item.collection).insertOne(item.doc);
}
