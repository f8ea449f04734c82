import { Suspense, useContext } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { SessionPage } from './session/SessionPage';
import { fillText } from './bindings';
import type { Catalogue } from './catalogue';
import { CatalogueContext } from './context';
import type { ScreenEntry } from './routeTable';
import { Loading, ScreenBoundary } from './states';
import { useRunnerTitle } from './title';
import type { ScreenFile } from './types';
import { isDataKind, kindComponent, viewComponent } from './views';

const FormScreen = kindComponent('form');
const ListScreen = kindComponent('list');
const RecordScreen = kindComponent('record');
const PageScreen = kindComponent('page');

export function layoutOf(screen: ScreenEntry): 'admin' | 'session' | 'candidate' {
  return screen.layout ?? (screen.access === 'candidate' ? 'candidate' : screen.access === 'public' ? 'session' : 'admin');
}

function Redirect({ screen }: { screen: ScreenEntry }) {
  const route = useParams();
  const [query] = useSearchParams();
  return <Navigate to={fillText(screen.to ?? '/admin', { route, query: Object.fromEntries(query) }, true)} replace />;
}

/** Per catalogue, the screen files that did not load: they stay failed here (the retry state reloads the page, which fetches them anew). */
const failures = new WeakMap<Catalogue, Map<string, unknown>>();

/**
 * The body of screen `id` from its whole file, which loads with the screen (catalogue.ts): until
 * the file is here the boundary shows its loading state (a suspended render), and a file already
 * here (preloaded, or seen before: Back, Forward) renders in the same frame. The body's element
 * is the same for every screen, so two screens of one view (a new template saved becomes
 * /admin/form-templates/edit/:id) keep the view and its state, as Runner.tsx keys them.
 */
function Whole({ id }: { id: string }) {
  const catalogue = useContext(CatalogueContext);
  const file = catalogue.loaded(id);
  if (file) return <Body screen={file} />;
  let failed = failures.get(catalogue);
  if (!failed) failures.set(catalogue, (failed = new Map()));
  if (failed.has(id)) throw failed.get(id);
  const failedHere = failed;
  throw catalogue.file(id).then(
    () => undefined,
    (e: unknown) => void failedHere.set(id, e),
  );
}

function Body({ screen }: { screen: ScreenFile }) {
  switch (screen.kind) {
    case 'redirect':
      return <Redirect screen={screen} />;
    case 'view': {
      const View = viewComponent(screen.view ?? '');
      if (!View) throw new Error(`No view ${screen.view}.view.tsx under screens/ for ${screen.id}`);
      return <View screen={screen} props={(screen.props ?? {}) as Record<string, unknown>} />;
    }
    case 'form':
      return <FormScreen screen={screen} />;
    case 'list':
      return <ListScreen screen={screen} />;
    case 'record':
      return <RecordScreen screen={screen} />;
    case 'page':
      return <PageScreen screen={screen} />;
  }
}

/**
 * One screen inside its layout and guards, from its route table entry: the document title, the
 * body by kind, a loading state while its file and code arrive and a retry state if anything
 * fails (a file or chunk that does not load, a bug). A form, list, record or page screen in the
 * session layout gets the login-style card (views draw their own). A redirect needs no file.
 */
export function Screen({ screen }: { screen: ScreenEntry }) {
  useRunnerTitle(screen.title);
  const body = (
    <ScreenBoundary reset={screen.id}>
      <Suspense fallback={<Loading />}>{screen.kind === 'redirect' ? <Redirect screen={screen} /> : <Whole id={screen.id} />}</Suspense>
    </ScreenBoundary>
  );
  if (layoutOf(screen) === 'session' && isDataKind(screen.kind)) {
    return <SessionPage title={screen.title}>{body}</SessionPage>;
  }
  return body;
}
