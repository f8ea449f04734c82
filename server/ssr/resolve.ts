import type { ServerDeps } from '../base/deps';
import { publicStatement } from '../domain/organisations/accessibility';
import { listPublicPositions, publicContainerDoc, readPositionContainer, readPublicContainer, readPublicPosition } from '../domain/positions/publicReads';

/**
 * Answers a public API path (as the page would GET it) in process, with the same functions
 * the routes use (server/domain/publicReads.ts): the answer's `data`, `notFound`, or
 * `skip` for a path this does not serve (the page then fetches it itself).
 */
export type Resolved = { status: 200; data: unknown } | { status: 404 } | { status: 'skip' };

type Deps = Pick<ServerDeps, 'store' | 'now' | 'log'>;

function intOf(value: string | null, fallback: number | undefined, min: number, max: number): number | undefined | null {
  if (value === null || value === '') return fallback;
  if (!/^\d{1,15}$/.test(value) || Number(value) < min || Number(value) > max) return null;
  return Number(value);
}

function segment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

async function read(deps: Deps, path: string): Promise<{ data: unknown } | 'skip'> {
  const url = new URL(path, 'http://ssr.invalid');
  const p = url.pathname;
  if (p === '/api/public/positions') {
    const q = url.searchParams;
    const take = intOf(q.get('take'), 30, 1, 100);
    const page = intOf(q.get('page'), 1, 1, 100_000);
    const containerId = intOf(q.get('containerId'), undefined, 1, Number.MAX_SAFE_INTEGER);
    if (take == null || page == null || containerId === null) return 'skip';
    return { data: await listPublicPositions(deps, { take, page, containerId }) };
  }
  let m = /^\/api\/public\/positions\/([^/]+)$/.exec(p);
  if (m) {
    const ref = segment(m[1]!);
    return ref === null ? 'skip' : { data: await readPublicPosition(deps, ref) };
  }
  m = /^\/api\/public\/containers\/([^/]+)$/.exec(p);
  if (m) {
    const name = segment(m[1]!);
    return name === null ? 'skip' : { data: await readPublicContainer(deps, name) };
  }
  if (p === '/api/public/accessibility') return { data: await publicStatement(deps, null) };
  m = /^\/api\/public\/containers\/([^/]+)\/accessibility$/.exec(p);
  if (m) {
    const name = segment(m[1]!);
    return name === null ? 'skip' : { data: await publicStatement(deps, await publicContainerDoc(deps, name)) };
  }
  m = /^\/api\/public\/open\/([^/]+)\/container$/.exec(p);
  if (m) {
    const ref = segment(m[1]!);
    return ref === null ? 'skip' : { data: await readPositionContainer(deps, ref) };
  }
  return 'skip';
}

export async function resolveApiPath(deps: Deps, path: string): Promise<Resolved> {
  try {
    const out = await read(deps, path);
    // Through JSON as the API's answer goes, so the page holds exactly what a GET would give.
    return out === 'skip' ? { status: 'skip' } : { status: 200, data: JSON.parse(JSON.stringify(out.data ?? null)) };
  } catch (err) {
    if ((err as { status?: unknown }).status === 404) return { status: 404 };
    deps.log.warn('ssr data not resolved', { path: path.slice(0, 200), error: err instanceof Error ? err.name : 'unknown' });
    return { status: 'skip' };
  }
}
