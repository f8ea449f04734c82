import { Component, type ReactNode } from 'react';
import sv from '../schemas/messages/sv.json';
import { fill } from '../engine/fill';
import { AppLoading } from './AppLoading';
import { ChunkLoadError, reloadForNewBuild } from './chunks';

const t = sv.app;

interface State {
  error: Error | null;
  reloading: boolean;
}

/**
 * The app's outermost boundary: what escapes every screen's own boundary (an app chunk that
 * does not load, a bug) shows a Swedish error page with a retry instead of a blank page. A
 * chunk that failed to load first reloads the page once (a deploy replaced the hashed files).
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof ChunkLoadError && !error.timedOut && reloadForNewBuild()) this.setState({ reloading: true });
  }

  override render() {
    const { error, reloading } = this.state;
    if (!error) return this.props.children;
    if (reloading) return <AppLoading />;
    const chunk = error instanceof ChunkLoadError ? error : null;
    const text = chunk ? fill(chunk.timedOut ? t.chunkTimeout : t.chunkFailed, { chunk: chunk.chunk }) : t.crashed;
    return (
      <main className="app-error" role="alert" aria-labelledby="app-error-title">
        <h1 id="app-error-title">{chunk ? t.chunkTitle : t.crashedTitle}</h1>
        <p>{text}</p>
        <button type="button" className="bk-btn bk-btn-primary" onClick={() => location.reload()}>
          {t.retry}
        </button>
      </main>
    );
  }
}
