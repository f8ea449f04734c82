import { lazy, Suspense, useContext, type ComponentType } from 'react';
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

/** A thenable already settled with `value`: React.lazy renders it at once, without a loading frame. */
const settled = <T,>(value: T) => ({ then: (ok: (v: T) => void) => ok(value) }) as unknown as Promise<T>;
const bodies = new WeakMap<Catalogue, Map<string, ComponentType>>();

/**
 * The body of screen `id` from its whole file, which loads with the screen (catalogue.ts): one
 * lazy component per screen, so until the file is here the boundary shows its loading state,
 * and a file already here (preloaded, or seen before: Back, Forward) renders in the same frame.
 */
function bodyOf(catalogue: Catalogue, id: string): ComponentType {
  let byId = bodies.get(catalogue);
  if (!byId) bodies.set(catalogue, (byId = new Map()));
  let body = byId.get(id);
  if (!body) {
    const module = (screen: ScreenFile) => ({ default: () => <Body screen={screen} /> });
    // A file that failed stays failed here (React would render the boundary's retry again and
    // again otherwise): the retry state reloads the page, which fetches it anew.
    body = lazy(() => {
      const file = catalogue.loaded(id);
      return file ? settled(module(file)) : catalogue.file(id).then(module);
    });
    byId.set(id, body);
  }
  return body;
}

function Whole({ id }: { id: string }) {
  const Loaded = bodyOf(useContext(CatalogueContext), id);
  return <Loaded />;
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
