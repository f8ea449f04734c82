/** Projection of stored documents with MongoDB's rules, shared by the embedded adapters. */

function getPath(doc: Record<string, unknown>, path: string[]): unknown {
  let cur: unknown = doc;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

function deletePath(doc: Record<string, unknown>, path: string[]): void {
  const parent = getPath(doc, path.slice(0, -1));
  if (parent && typeof parent === 'object' && !Array.isArray(parent)) delete (parent as Record<string, unknown>)[path[path.length - 1]!];
}

/** A copy of a stored document with a projection applied (Mongo rules: `_id` kept unless excluded). */
export function project(doc: Record<string, unknown>, projection: Record<string, 0 | 1> | undefined, clone = true): Record<string, unknown> {
  // A document freshly parsed from disk is already the caller's own copy.
  const copy = clone ? structuredClone(doc) : doc;
  if (!projection || Object.keys(projection).length === 0) return copy;
  const entries = Object.entries(projection);
  const inclusive = entries.some(([k, v]) => k !== '_id' && v === 1);
  if (!inclusive) {
    for (const [k] of entries) deletePath(copy, k.split('.'));
    return copy;
  }
  const out: Record<string, unknown> = {};
  if (projection._id !== 0 && '_id' in copy) out._id = copy._id;
  for (const [k, v] of entries) {
    if (k === '_id' || v !== 1) continue;
    include(copy, out, k.split('.'));
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Copies one included path; like MongoDB, an embedded document on the way is kept even when the path ends in nothing (`{ info: {} }`). */
function include(src: Record<string, unknown>, out: Record<string, unknown>, path: string[]): void {
  let from = src;
  let to = out;
  for (const [i, seg] of path.entries()) {
    const value = from[seg];
    if (value === undefined) return;
    if (i === path.length - 1) {
      to[seg] = value;
      return;
    }
    if (!isObject(value)) return;
    if (!isObject(to[seg])) to[seg] = {};
    to = to[seg] as Record<string, unknown>;
    from = value;
  }
}


/** Collection.columns through find with a projection, for the adapters without a narrower read. */
export async function columnsByFind(find: (projection: Record<string, 1>) => Promise<Record<string, unknown>[]>, paths: string[]): Promise<unknown[][]> {
  const split = paths.map((p) => p.split('.'));
  const docs = await find(Object.fromEntries(paths.map((p) => [p, 1])));
  return docs.map((d) => split.map((path) => getPath(d, path) ?? null));
}
