import { Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { loadChunk } from '../chunks';
import { preloadableLazy } from '../preloadableLazy';
import './dialog.css';

export interface DialogFrameProps {
  isOpen: boolean;
  title: ReactNode;
  /** Escape and a click outside do nothing while the action runs. */
  busy?: boolean;
  /** A question (role alertdialog) rather than a dialog. */
  alert?: boolean;
  /** An extra class on the modal (a wider one, say). */
  modalClass?: string;
  /** Escape or a click outside. */
  onClose(): void;
  children: ReactNode;
}

export interface DialogFooterProps {
  cancelLabel: string;
  onCancel(): void;
  /** The main button; none when undefined. Without `onConfirm` it submits the dialog's form. */
  confirmLabel?: ReactNode;
  onConfirm?(): void;
  /** While the action runs: the main button pending (focused still, a press does nothing), cancel disabled. */
  busy?: boolean;
  danger?: boolean;
  /** Focus starts on the cancel button, the safe choice (a question without a field). */
  focusCancel?: boolean;
}

// The modal's code (react-aria-components, DialogFrameAria.tsx) loads the first time a dialog
// opens: a screen that only may ask (a login, a form with a delete button) does not carry it.
const load = () => loadChunk('DialogFrame', () => import('./DialogFrameAria'));
const Footer = preloadableLazy<DialogFooterProps>(async () => ({ default: (await load()).DialogFooter }));
// The footer is ready when the frame is, so an opening dialog draws whole, never without its buttons.
const Frame = preloadableLazy<DialogFrameProps>(async () => {
  await Footer.preload();
  return { default: (await load()).DialogFrame };
});

/**
 * The one modal of the app (DialogFrameAria.tsx): focus moves into it and back to the opener on
 * close, Escape and a click outside close it unless busy, the page behind is inert, and its
 * heading names it. Closed, it draws nothing and loads nothing; the first opening waits for its
 * code (the opener keeps focus meanwhile), a failed load throws to the screen's boundary.
 */
export function DialogFrame(props: DialogFrameProps) {
  if (!props.isOpen) return null;
  return (
    <Suspense fallback={null}>
      <Frame.Component {...props} />
    </Suspense>
  );
}

/** The one footer of a dialog: cancel first, then the main (or destructive) button. */
export function DialogFooter(props: DialogFooterProps) {
  return <Footer.Component {...props} />;
}

/**
 * A dialog asked like a function, without a provider: `ask(options)` opens it and resolves
 * with what `settle` is given; a second `ask` while open answers the first with `cancelled`.
 */
export function useAsk<O, R>(cancelled: R): { options: O | null; ask(options: O): Promise<R>; settle(result: R): void } {
  const [options, setOptions] = useState<O | null>(null);
  const resolver = useRef<((result: R) => void) | null>(null);
  const settle = useCallback((result: R) => {
    resolver.current?.(result);
    resolver.current = null;
    setOptions(null);
  }, []);
  const ask = useCallback(
    (next: O) => {
      resolver.current?.(cancelled);
      setOptions(next);
      return new Promise<R>((resolve) => {
        resolver.current = resolve;
      });
    },
    [cancelled],
  );
  return { options, ask, settle };
}
