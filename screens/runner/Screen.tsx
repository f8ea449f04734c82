import { Suspense } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { SessionPage } from './session/SessionPage';
import { fillText } from './bindings';
import { Loading, ScreenBoundary } from './states';
import { useRunnerTitle } from './title';
import type { ScreenFile } from './types';
import { isDataKind, kindComponent, viewComponent } from './views';

const FormScreen = kindComponent('form');
const ListScreen = kindComponent('list');
const RecordScreen = kindComponent('record');
const PageScreen = kindComponent('page');

export function layoutOf(screen: ScreenFile): 'admin' | 'session' | 'candidate' {
  return screen.layout ?? (screen.access === 'candidate' ? 'candidate' : screen.access === 'public' ? 'session' : 'admin');
}

function Redirect({ screen }: { screen: ScreenFile }) {
  const route = useParams();
  const [query] = useSearchParams();
  return <Navigate to={fillText(screen.to ?? '/admin', { route, query: Object.fromEntries(query) }, true)} replace />;
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
 * One screen inside its layout and guards: the document title, the body by kind, a
 * loading state while its code arrives and a retry state if anything fails. A form, list,
 * record or page screen in the session layout gets the login-style card (views draw their own).
 */
export function Screen({ screen }: { screen: ScreenFile }) {
  useRunnerTitle(screen.title);
  const body = (
    <ScreenBoundary reset={screen.id}>
      <Suspense fallback={<Loading />}>
        <Body screen={screen} />
      </Suspense>
    </ScreenBoundary>
  );
  if (layoutOf(screen) === 'session' && isDataKind(screen.kind)) {
    return <SessionPage title={screen.title}>{body}</SessionPage>;
  }
  return body;
}
