import { Component, type ReactNode } from 'react';
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

/** The not-found state of a form or record: the screen's own text or the general one. */
export function NotFound({ text }: { text?: string | undefined }) {
  return (
    <p role="status" className="scr-not-found">
      {text ?? sv.screenEngine.notFound}
    </p>
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
