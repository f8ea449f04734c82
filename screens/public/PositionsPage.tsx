import { useLocation } from './router';
import { Pager, pageParam } from './Pager';
import { PositionList } from './PositionList';
import { Loading, LoadError } from './States';
import type { PositionPage } from './types';
import { useDocumentMeta } from './useDocumentMeta';
import { usePublicGet } from './useFetch';
import sv from '../../schemas/messages/sv.json';

const s = sv.public;

const PAGE_SIZE = 20;

/** publicPositions on the portal: every organisation's open public positions, paged. */
export function PositionsPage() {
  const { pathname, search } = useLocation();
  const page = pageParam(search);
  const res = usePublicGet<PositionPage>(`/api/public/positions?take=${PAGE_SIZE}&page=${page}`);
  useDocumentMeta(s.positionsTitle, s.positionsIntro, page > 1 ? `${pathname}?page=${page}` : pathname);
  return (
    <section className="pub-section" aria-labelledby="pub-positions-title">
      <h1 id="pub-positions-title">{s.positionsTitle}</h1>
      <p className="pub-lead">{s.positionsIntro}</p>
      {res.status === 'loading' && <Loading />}
      {(res.status === 'error' || res.status === 'notFound') && <LoadError onRetry={res.reload} />}
      {res.status === 'ok' && (
        <>
          <PositionList items={res.data.items} headingLevel={2} showEmployer />
          <Pager page={page} pages={Math.ceil(res.data.total / PAGE_SIZE)} basePath={pathname} />
        </>
      )}
    </section>
  );
}
