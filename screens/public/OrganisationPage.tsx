import { useLocation } from './router';
import { Pager, pageParam } from './Pager';
import { PositionList } from './PositionList';
import { PrivacyNotice } from './PrivacyNotice';
import { Loading, LoadError } from './States';
import { TermsButton } from './TermsDialog';
import { fill } from '../../engine/fill';
import type { PositionPage, PublicContainer } from './types';
import { useDocumentMeta } from './useDocumentMeta';
import { usePublicGet } from './useFetch';
import sv from '../../schemas/messages/sv.json';

const s = sv.public;

const PAGE_SIZE = 30;

/** publicPositions on an organisation host: the organisation's own page (spec document 1 §1). */
export function OrganisationPage({ container }: { container: PublicContainer }) {
  const { pathname, search } = useLocation();
  const page = pageParam(search);
  const res = usePublicGet<PositionPage>(`/api/public/positions?take=${PAGE_SIZE}&page=${page}&containerId=${container.id}`);
  const title = fill(s.workAt, { company: container.displayName });
  useDocumentMeta(title, container.profile?.description || title, page > 1 ? `${pathname}?page=${page}` : pathname);
  const banner = container.profile?.banner;
  const open = res.status === 'ok' ? res.data.items.filter((p) => p.status === 'Öppen' && p.containerId === container.id) : [];
  const total = res.status === 'ok' ? Math.max(open.length, res.data.total) : 0;
  return (
    <>
      {/* The banner is the page's largest paint when there is one: fetch it first. */}
      {banner && <img className="pub-banner" src={banner} alt="" fetchPriority="high" />}
      <section className="pub-section" aria-labelledby="pub-org-title">
        <h1 id="pub-org-title" className="pub-work-at">
          {title}
        </h1>
        {container.profile?.description && <p className="pub-lead">{container.profile.description}</p>}
        <h2 id="pub-org-positions">{s.positionsTitle}</h2>
        {res.status === 'loading' && <Loading />}
        {(res.status === 'error' || res.status === 'notFound') && <LoadError onRetry={res.reload} />}
        {res.status === 'ok' && (
          <>
            {open.length > 0 && <p className="pub-vacancies">{total === 1 ? s.vacanciesNowOne : fill(s.vacanciesNow, { count: total })}</p>}
            <PositionList items={open} headingLevel={3} showEmployer={false} />
            <Pager page={page} pages={Math.ceil(res.data.total / PAGE_SIZE)} basePath={pathname} />
          </>
        )}
      </section>
      <section className="pub-section pub-legal" aria-label={s.termsTitle}>
        <PrivacyNotice container={container} level={2} />
        <p>
          <TermsButton container={container} />
        </p>
      </section>
    </>
  );
}
