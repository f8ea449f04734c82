import { Suspense, useContext, useEffect, useState } from 'react';
import { publicGet } from '../api';
import { loadChunk } from '../chunks';
import { preloadableLazy } from '../preloadableLazy';
import { useResolvedHostContainer, usePublicSite } from './context';
import { movedPath, parseGuid, parseIdSlug, parseLegacyId, positionApiPath, refMatches, type PositionRef } from './positionRef';
import { PositionPage } from './PositionPage';
import { Loading, LoadError, NotFoundPage } from './States';
import type { PublicContainer, PublicPosition } from './types';
import { StaticApplyPageContext, usePreloaded, useServerSink } from './ssr';
import { usePublicGet } from './useFetch';
import { Navigate, useLocation } from './router';

// The apply page carries the form engine; it loads only when someone opens it, and then at
// once, in parallel with the position's data rather than after it.
const applyPage = preloadableLazy(() => loadChunk('ApplyPage', () => import('./ApplyPage')));
const loadApplyPage = applyPage.preload;
const ApplyPage = applyPage.Component;

/**
 * Before a server-rendered page hydrates (screens/main.tsx): the apply page's code when the path is an apply page.
 * @public Read from the lazily loaded public app by preloadPublicPage (screens/App.tsx), which knip cannot follow.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  if (/\/apply$/.test(pathname)) await loadApplyPage();
}

type Form = 'idSlug' | 'legacy' | 'guid';

const PARSERS: Record<Form, (segment: string) => PositionRef | null> = { idSlug: parseIdSlug, legacy: parseLegacyId, guid: parseGuid };

/**
 * One position route (page or apply): parses the URL segment, loads the position, and
 * turns every way a URL can be wrong (tampered id or slug, an internal position's numeric
 * id, another organisation's position on an organisation host) into the not-found page.
 */
export function PositionRoute({ form, apply, segment }: { form: Form; apply: boolean; segment: string }) {
  const ref = PARSERS[form](segment);
  const found = ref !== null;
  useEffect(() => {
    if (apply && found) void loadApplyPage().catch(() => undefined);
  }, [apply, found]);
  if (!ref) return <NotFoundPage />;
  return <LoadedPosition target={ref} apply={apply} />;
}

function LoadedPosition({ target, apply }: { target: PositionRef; apply: boolean }) {
  const res = usePublicGet<PublicPosition>(positionApiPath(target));
  const host = useResolvedHostContainer();
  const position = res.status === 'ok' ? res.data : null;
  const container = usePositionContainer(position, host);
  const { hostContainer } = usePublicSite();
  const Apply = useContext(StaticApplyPageContext) ?? ApplyPage;
  // On an organisation host, wait for the organisation so another one's position is never shown.
  if (res.status === 'loading' || hostContainer === 'loading') return <Loading />;
  if (res.status === 'notFound') return <NotFoundPage />;
  if (res.status === 'error') return <LoadError onRetry={res.reload} />;
  const p = res.data;
  const moved = p && (!host || p.containerId === host.id) ? movedPath(target, p) : null;
  if (moved) return <Moved to={apply ? `${moved}/apply` : moved} />;
  if (!p || !refMatches(target, p) || (host && p.containerId !== host.id)) return <NotFoundPage />;
  if (!apply) return <PositionPage position={p} container={container} />;
  return (
    <Suspense fallback={<Loading />}>
      <Apply position={p} container={container} />
    </Suspense>
  );
}

/** A renamed position's old URL: 301 from the server, a replacing navigation in the browser (the query, e.g. `?host=`, kept). */
function Moved({ to }: { to: string }) {
  const { search } = useLocation();
  const sink = useServerSink();
  if (!sink) return <Navigate to={to + search} replace />;
  sink.status = 301;
  sink.location = to + search;
  return null;
}

/**
 * The organisation of the shown position: the host's when it has one, otherwise fetched by
 * position (for theme, terms and privacy notice). Until then — or if that fails — a minimal
 * stand-in from the position itself, so the page never waits on it.
 */
function usePositionContainer(p: PublicPosition | null, host: PublicContainer | null): PublicContainer | null {
  const { setPageContainer, hostContainer } = usePublicSite();
  const id = p?.id;
  const containerId = p?.containerId;
  const hostPending = hostContainer === 'loading';
  const pre = usePreloaded<PublicContainer>(host || hostPending || id === undefined ? null : `/api/public/open/${id}/container`);
  const [fetched, setFetched] = useState<PublicContainer | null>(() => (pre?.status === 200 ? pre.data : null));
  useEffect(() => {
    if (host || hostPending || id === undefined) return;
    // Server-rendered with it, or kept from the previous position of the same organisation.
    if (fetched && fetched.id === containerId) return;
    let live = true;
    publicGet<PublicContainer>(`/api/public/open/${id}/container`).then(
      (c) => live && c && c.id === containerId && setFetched(c),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per position and host; the setters and the fetched value it replaces are not reasons to load again
  }, [host, hostPending, id, containerId]);
  const stand = p ? { id: p.containerId, name: p.containerName, displayName: p.displayName || p.containerName } : null;
  const container = host ?? (fetched && fetched.id === containerId ? fetched : stand);
  useEffect(() => {
    if (host) return;
    setPageContainer(fetched && fetched.id === containerId ? fetched : null);
    return () => setPageContainer(null);
  }, [host, fetched, containerId, setPageContainer]);
  return container;
}
