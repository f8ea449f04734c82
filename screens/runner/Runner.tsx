import { Suspense, useContext, useEffect, useMemo, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { RequireAuth } from './session/guards';
import { preloadActionTypes } from './actionData';
import { preloadActionButtons } from './LazyActionButtons';
import { loadChunk } from '../chunks';
import { preloadableLazy } from '../preloadableLazy';
import CandidateFrame from './CandidateFrame';
import { screenCatalogue, type Catalogue } from './catalogue';
import { CatalogueContext } from './context';
import { AccessGuard, SessionAuth } from './Guard';
import { layoutOf, Screen } from './Screen';
import { Loading } from './states';
import type { ScreenEntry } from './routeTable';
import { preloadScreen } from './views';

// The admin shell (sidebar, search, bell, menus on react-aria) loads with the first admin screen, not with the login.
const shell = preloadableLazy(() => loadChunk('Shell', () => import('../shell/Shell')));
const Shell = shell.Component;

/** Every path of a screen: its route and aliases. */
function pathsOf(screen: ScreenEntry): string[] {
  return [screen.route, ...(screen.aliases ?? [])];
}

/**
 * Two screens of one view share a key, so moving between them (a new template saved becomes
 * /admin/form-templates/edit/:id) keeps the view and its state; other screens remount. A page
 * counts by its view block: two pages of alike blocks around one view keep it too.
 */
const viewOf = (s: ScreenEntry) => (s.kind === 'view' ? s.view : s.kind === 'page' ? s.blocks?.find((b) => b.kind === 'view')?.view : undefined);
const keyOf = (s: ScreenEntry) => {
  const view = viewOf(s);
  return view ? `view:${view}` : `screen:${s.id}`;
};

/**
 * A route parameter the screen does not allow (its `params`: '/admin/positions/3/applicants' on
 * the ad builder's /:action/:type) is the not-found page, as a path no route matches is: before
 * the screen's guard, so a reader is not told that a page nobody has is closed to them.
 */
function Allowed({ patterns, children }: { patterns: [string, RegExp][]; children: ReactNode }) {
  const values = useParams();
  const catalogue = useContext(CatalogueContext);
  const allowed = patterns.every(([name, pattern]) => pattern.test(values[name] ?? ''));
  const missing = allowed ? undefined : catalogue.screens.find((s) => s.route === '/*');
  return missing ? <Screen screen={missing} /> : children;
}

function routes(screens: ScreenEntry[], wrap: (s: ScreenEntry) => ReactElement) {
  return screens.flatMap((s) => {
    // Compiled once, with the routes.
    const patterns = Object.entries(s.params ?? {}).map(([name, pattern]): [string, RegExp] => [name, new RegExp(pattern, 'u')]);
    // Every screen in the same wrapper: two screens of one view (new → edit) keep it only if their trees match.
    return pathsOf(s).map((path) => <Route key={`${s.id}:${path}`} path={path} element={<Allowed patterns={patterns}>{wrap(s)}</Allowed>} />);
  });
}

/**
 * The routes of the session, admin and candidate screens, built from the route table of the
 * screen files (docs/screens.md, catalogue.ts): session-layout screens stand alone (a logged-in
 * guard when their access asks for more than public), admin screens sit in the shell behind the
 * logged-in guard and their own access guard, candidate screens in the candidate frame without
 * a guard. A test may pass a catalogue of its own (fileCatalogue.ts).
 */
export function ScreenRoutes({ catalogue = screenCatalogue }: { catalogue?: Catalogue }) {
  const by = (layout: string) => catalogue.screens.filter((s) => layoutOf(s) === layout);
  const { pathname } = useLocation();
  const table = useMemo(() => catalogue.screens.flatMap((screen) => pathsOf(screen).map((path) => ({ path, screen }))), [catalogue]);
  // The matched screen's file and code start loading now, beside the session's first calls.
  useEffect(() => {
    const match = matchRoutes(table, pathname)?.at(-1)?.route as { screen: ScreenEntry } | undefined;
    if (match && match.screen.kind !== 'redirect') {
      // A failed load here is forgotten (catalogue.ts); the screen asks again and shows its error.
      catalogue.file(match.screen.id).catch(() => undefined);
      preloadScreen(match.screen);
    }
    if (match && layoutOf(match.screen) === 'admin') void shell.preload().catch(() => undefined);
    // A session page posts to account routes and has no action buttons; every other screen sends actions (typed by actionData.ts).
    if (match && layoutOf(match.screen) !== 'session') {
      preloadActionTypes();
      preloadActionButtons();
    }
  }, [table, pathname, catalogue]);
  // A link a person points at, focuses or touches: its screen's file and code start loading then,
  // so following it seldom waits for them (each file is its own chunk, loaded with its screen).
  useEffect(() => {
    const intent = (e: Event) => {
      const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
      const match = matchRoutes(table, link.pathname)?.at(-1)?.route as { screen: ScreenEntry } | undefined;
      if (!match || match.screen.kind === 'redirect') return;
      // A failed load here is forgotten (catalogue.ts); following the link tries again and shows the screen's error.
      catalogue.file(match.screen.id).catch(() => undefined);
      preloadScreen(match.screen);
    };
    const types = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const type of types) document.addEventListener(type, intent, { passive: true });
    return () => types.forEach((type) => document.removeEventListener(type, intent));
  }, [table, catalogue]);
  return (
    <CatalogueContext.Provider value={catalogue}>
      <Routes>
        {routes(by('session'), (s) => (
          <SessionAuth key={keyOf(s)} screen={s}>
            <Screen screen={s} />
          </SessionAuth>
        ))}
        <Route element={<CandidateFrame />}>{routes(by('candidate'), (s) => <Screen key={keyOf(s)} screen={s} />)}</Route>
        <Route
          element={
            <RequireAuth>
              <Suspense fallback={<Loading />}>
                <Shell />
              </Suspense>
            </RequireAuth>
          }
        >
          {routes(by('admin'), (s) => (
            <AccessGuard key={keyOf(s)} screen={s}>
              <Screen screen={s} />
            </AccessGuard>
          ))}
        </Route>
      </Routes>
    </CatalogueContext.Provider>
  );
}
