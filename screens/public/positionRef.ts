/**
 * How a public URL names a position (spec document 1 §2). React Router cannot express
 * `/{id}_{slug}` (both parts optional in the original pattern), so the page matches one path
 * segment and this parses it. Pure.
 */

export type PositionRef =
  | { kind: 'public'; id: number; slug?: string }
  | { kind: 'internal'; guid: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Ids are positive integers the server hands out; anything longer than 15 digits is not one.
const ID_SLUG = /^([1-9]\d{0,14})(?:_([^/]*))?$/;

/** `12_sommarjobb-i-stockholm`, `12` or `12_` → a public ref; anything else → null (not found). */
export function parseIdSlug(segment: string): PositionRef | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  const m = ID_SLUG.exec(decoded);
  if (!m) return null;
  const id = Number(m[1]);
  const slug = m[2];
  return slug ? { kind: 'public', id, slug } : { kind: 'public', id };
}

/** The older `/positions/{id}` form: a bare numeric id. */
export function parseLegacyId(segment: string): PositionRef | null {
  return /^[1-9]\d{0,14}$/.test(segment) ? { kind: 'public', id: Number(segment) } : null;
}

/** `/internal/{guid}` and `/internal-positions/{guid}`: a UUID. */
export function parseGuid(segment: string): PositionRef | null {
  return UUID.test(segment) ? { kind: 'internal', guid: segment.toLowerCase() } : null;
}

/** The path a ref is fetched with: GET /api/public/positions/{id or guid}. */
export function positionApiPath(ref: PositionRef): string {
  return `/api/public/positions/${ref.kind === 'public' ? ref.id : encodeURIComponent(ref.guid)}`;
}

/** The canonical page path of a position, `/{id}_{slug}` or `/internal/{guid}`. */
export function positionPath(p: { id: number; slug?: string; isInternal?: boolean; linkId?: string }): string {
  if (p.isInternal && p.linkId) return `/internal/${p.linkId}`;
  return p.slug ? `/${p.id}_${encodeURIComponent(p.slug)}` : `/${p.id}`;
}

/**
 * Where a URL with an earlier slug of the position (it was renamed) has moved: the canonical
 * path, or null when the slug is not one the position had. A slug it never had stays
 * not found (a tampered slug is not silently corrected).
 */
export function movedPath(ref: PositionRef, p: { id: number; slug?: string; isInternal?: boolean; previousSlugs?: string[] }): string | null {
  if (ref.kind !== 'public' || ref.slug === undefined || p.isInternal || p.id !== ref.id) return null;
  const slug = ref.slug.toLowerCase();
  if (slug === (p.slug ?? '').toLowerCase() || !(p.previousSlugs ?? []).includes(slug)) return null;
  return positionPath(p);
}

/**
 * Whether a fetched position is the one the URL names: a public URL must not reach an
 * internal position, an internal URL must match its linkId, and a given slug must be the
 * position's own (a tampered slug is not found rather than silently corrected).
 */
export function refMatches(ref: PositionRef, p: { id: number; slug?: string; isInternal?: boolean; linkId?: string }): boolean {
  if (ref.kind === 'internal') return p.isInternal === true && (p.linkId ?? '').toLowerCase() === ref.guid;
  if (p.isInternal) return false;
  if (p.id !== ref.id) return false;
  return ref.slug === undefined || ref.slug.toLowerCase() === (p.slug ?? '').toLowerCase();
}
