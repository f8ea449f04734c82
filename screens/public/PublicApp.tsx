import { Suspense, useContext, useMemo, useState } from 'react';
import { PublicSiteContext, usePublicSite, type PublicSite } from './context';
import { effectiveHostname, hostRules, httpsRedirectTarget } from './hostRules';
import { OrganisationPage } from './OrganisationPage';
import { PositionRoute } from './PositionRoute';
import { matchPath, useLocation } from './router';

import { PositionsPage } from './PositionsPage';
import { PublicLayout } from './PublicLayout';
import { preloadedPageContainer, SsrDataContext } from './ssr';
import { Loading, NotFoundPage } from './States';
import type { PublicContainer } from './types';
import { useHostContainer } from './useHostContainer';
import { AccessibilityPage, isStatementPath } from './statementRoute';
import { isReferencePath, ReferencePage } from './referenceRoute';
import './public.css';

/** @public Read from the lazily loaded module by preloadPublicPage (screens/App.tsx), which knip cannot follow. */
export { preloadRoute } from './statementRoute';

function storage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The public career site (spec document 1 §1–§2): host rules, then the public route set.
 * `{id}_{slug}` cannot be a React Router pattern, so `/:ref` matches one segment and
 * PositionRoute parses it; anything it cannot parse is the not-found page.
 */
export default function PublicApp() {
  const ssr = useContext(SsrDataContext);
  const { pathname, search } = useLocation();
  // On the server there is no window: the server's host name is handed in, and no redirect
  // happens there (the server redirects itself). A hydrating page uses the same host name.
  const redirect = useMemo(() => (typeof window === 'undefined' ? null : httpsRedirectTarget(window.location)), []);
  const rules = useMemo(() => hostRules(ssr?.hostname ?? effectiveHostname(window.location, storage())), [ssr]);
  const hostContainer = useHostContainer(rules);
  const [pageContainer, setPageContainer] = useState<PublicContainer | null>(() => preloadedPageContainer<PublicContainer>(ssr, pathname + search));
  const site = useMemo<PublicSite>(() => ({ rules, hostContainer, setPageContainer }), [rules, hostContainer]);
  if (redirect) {
    window.location.replace(redirect);
    return null;
  }
  return (
    <PublicSiteContext.Provider value={site}>
      <PublicLayout pageContainer={pageContainer}>
        <PublicRoutes pathname={pathname} />
      </PublicLayout>
    </PublicSiteContext.Provider>
  );
}

type Form = 'idSlug' | 'legacy' | 'guid';

/** The public route set, first match wins (a position's `{id}_{slug}` is one segment, parsed by PositionRoute). */
const ROUTES: readonly [string, Form | 'home', boolean][] = [
  ['/', 'home', false],
  ['/positions', 'home', false],
  ['/positions/:p', 'legacy', false],
  ['/positions/:p/apply', 'legacy', true],
  ['/internal/:p', 'guid', false],
  ['/internal/:p/apply', 'guid', true],
  ['/internal-positions/:p', 'guid', false],
  ['/internal-positions/:p/apply', 'guid', true],
  ['/:p', 'idSlug', false],
  ['/:p/apply', 'idSlug', true],
];

function PublicRoutes({ pathname }: { pathname: string }) {
  if (isStatementPath(pathname))
    return (
      <Suspense fallback={<Loading />}>
        <AccessibilityPage />
      </Suspense>
    );
  if (isReferencePath(pathname))
    return (
      <Suspense fallback={<Loading />}>
        <ReferencePage />
      </Suspense>
    );
  for (const [pattern, form, apply] of ROUTES) {
    const params = matchPath(pattern, pathname);
    if (!params) continue;
    if (form === 'home') return <Home />;
    return <PositionRoute form={form} apply={apply} segment={params.p ?? ''} />;
  }
  return <NotFoundPage />;
}

/** publicPositions: the organisation's page on its own host, the portal's list elsewhere. */
function Home() {
  const { rules, hostContainer } = usePublicSite();
  if (rules.routeSet === 'organisation') {
    if (hostContainer === 'loading') return <Loading />;
    if (hostContainer) return <OrganisationPage container={hostContainer} />;
  }
  return <PositionsPage />;
}
