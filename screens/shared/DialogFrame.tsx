import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
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

/**
 * The one modal of the app, from react-aria-components: focus moves into it and back to the
 * opener on close, Escape and a click outside close it unless busy, the page behind is inert,
 * and its heading names it.
 */
export function DialogFrame({ isOpen, title, busy, alert, modalClass, onClose, children }: DialogFrameProps) {
  return (
    <ModalOverlay isOpen={isOpen} isDismissable={!busy} isKeyboardDismissDisabled={busy} onOpenChange={(open) => !open && onClose()} className="bk-modal-overlay">
      <Modal className={modalClass ? `bk-modal ${modalClass}` : 'bk-modal'}>
        <Dialog role={alert ? 'alertdialog' : 'dialog'} className="bk-dialog">
          <Heading slot="title" className="bk-dialog-title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface DialogFooterProps {
  cancelLabel: string;
  onCancel(): void;
  /** The main button; none when undefined. Without `onConfirm` it submits the dialog's form. */
  confirmLabel?: ReactNode;
  onConfirm?(): void;
  /** Both buttons disabled while the action runs. */
  busy?: boolean;
  danger?: boolean;
  /** Focus starts on the cancel button, the safe choice (a question without a field). */
  focusCancel?: boolean;
}

/** The one footer of a dialog: cancel first, then the main (or destructive) button. */
export function DialogFooter({ cancelLabel, onCancel, confirmLabel, onConfirm, busy, danger, focusCancel }: DialogFooterProps) {
  return (
    <div className="bk-dialog-actions">
      <Button className="bk-btn" onPress={onCancel} isDisabled={busy} autoFocus={focusCancel}>
        {cancelLabel}
      </Button>
      {confirmLabel !== undefined && (
        <Button type={onConfirm ? 'button' : 'submit'} className={danger ? 'bk-btn bk-btn-danger' : 'bk-btn bk-btn-primary'} onPress={onConfirm} isDisabled={busy}>
          {confirmLabel}
        </Button>
      )}
    </div>
  );
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
