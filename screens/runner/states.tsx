import { Component, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';

const t = sv.screens;

/** 'Laddar...' as a polite status. */
export function Loading() {
  return (
    <p role="status" className="scr-loading">
      {t.loading}
    </p>
  );
}

/** 'Något gick fel, vänligen försök igen' with a retry button. */
export function Failure({ onRetry, message }: { onRetry(): void; message?: string }) {
  return (
    <div role="alert" className="scr-error">
      <p>{message ?? t.error}</p>
      <button type="button" className="adm-button" onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}

/** What a form or record says when its data is not there (screen.schema.json `notFound`). */
export type NotFoundSpec = string | { heading?: string; text: string; links?: { label: string; to: string }[] } | undefined;

/** The not-found state: the screen's own heading (in place of the screen's), text and way back, or the general text. */
export function NotFound({ spec, level = 1 }: { spec: NotFoundSpec; level?: 1 | 2 }) {
  const s = typeof spec === 'object' ? spec : { text: spec ?? sv.screenEngine.notFound };
  const H = level === 1 ? 'h1' : 'h2';
  return (
    <div className="scr-not-found">
      {s.heading && <H>{s.heading}</H>}
      <p role="status">{s.text}</p>
      {s.links?.map((l) => (
        <p key={l.to}>
          <Link to={l.to}>{l.label}</Link>
        </p>
      ))}
    </div>
  );
}

/**
 * Catches what a screen throws while rendering (a view chunk that fails to load, a bug) and
 * shows the retry state instead of a blank page; retry renders the screen again (and a
 * failed chunk is fetched anew by reloading).
 */
export class ScreenBoundary extends Component<{ children: ReactNode; reset: string }, { failed: boolean; reset: string }> {
  override state = { failed: false, reset: this.props.reset };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { reset: string }, state: { failed: boolean; reset: string }) {
    return props.reset === state.reset ? null : { failed: false, reset: props.reset };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <Failure onRetry={() => location.reload()} />;
  }
}
