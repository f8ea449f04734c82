import type { Collection, Doc, Filter } from './port';
import { sanitizeFilterValue } from './safe';

export interface PageOptions {
  /** A field unique within the filter (e.g. `id`), so no item is skipped or repeated between pages. */
  sortKey: string;
  direction: 1 | -1;
  /** The `next` of the previous page (client-supplied: checked to be a plain number or string). */
  after?: unknown;
  /** Batch size; the applicant lists use 30. */
  limit?: number;
  projection?: Record<string, 0 | 1>;
}

export interface Page<T> {
  items: T[];
  /** Pass as `after` for the following page; null on the last page. */
  next: number | string | null;
}

function valueAt(doc: Doc, path: string): unknown {
  let cur: unknown = doc;
  for (const seg of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

/**
 * Key-based pagination ("seek"): the next batch is the items after the last key seen, so a
 * page deep in a long list costs the same as the first one and concurrent inserts do not
 * shift pages (as skip would). One extra item is read to know whether there is a next page.
 */
export async function pageByKey<T extends Doc>(collection: Collection<T>, filter: Filter, options: PageOptions): Promise<Page<T>> {
  const limit = options.limit ?? 30;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new RangeError('page limit must be 1..1000');
  const { sortKey, direction } = options;
  let query = filter;
  if (options.after !== undefined && options.after !== null) {
    const after = sanitizeFilterValue(options.after, '/after');
    const seek = { [direction === -1 ? '$lt' : '$gt']: after };
    // A top-level condition lets nedb and Mongo use an index on the filter's own fields;
    // $and only when the filter already constrains the key.
    query = sortKey in filter ? { $and: [filter, { [sortKey]: seek }] } : { ...filter, [sortKey]: seek };
  }
  const projection = options.projection;
  if (projection && Object.values(projection).some((v) => v === 1) && projection[sortKey] !== 1) {
    throw new RangeError('an inclusive projection must include the sort key');
  }
  const docs = await collection.find(query, { sort: { [sortKey]: direction }, limit: limit + 1, ...(projection ? { projection } : {}) });
  const items = docs.slice(0, limit);
  const last = items[items.length - 1];
  const key = docs.length > limit && last ? valueAt(last, sortKey) : null;
  return { items, next: typeof key === 'number' || typeof key === 'string' ? key : null };
}
