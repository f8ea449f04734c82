import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import sv from '../../schemas/messages/sv.json';
import './dialog.css';

const t = sv.shell.confirm;

export interface ConfirmDialogProps {
  isOpen: boolean;
  /** The question, e.g. 'Ta bort användaren från företaget?' */
  message: ReactNode;
  /** Heading of the dialog; default 'Bekräfta'. */
  title?: string;
  /** Default 'Ja'. */
  confirmLabel?: string;
  /** Default 'Avbryt'. */
  cancelLabel?: string;
  /** Styles the confirm button as destructive. */
  danger?: boolean;
  /** Disables both buttons while the action runs. */
  busy?: boolean;
  onConfirm(): void;
  /** Cancel button, Escape or a click outside. */
  onCancel(): void;
}

/**
 * A modal confirmation (role alertdialog) from react-aria-components: focus moves into it
 * (to the cancel button, the safe choice) and back to the opener on close, Escape cancels,
 * the page behind is inert.
 */
export function ConfirmDialog({ isOpen, message, title, confirmLabel, cancelLabel, danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      className="bk-modal-overlay"
    >
      <Modal className="bk-modal">
        <Dialog role="alertdialog" className="bk-dialog">
          <Heading slot="title" className="bk-dialog-title">
            {title ?? t.title}
          </Heading>
          <div className="bk-dialog-body">{message}</div>
          <div className="bk-dialog-actions">
            <Button className="bk-btn" onPress={onCancel} isDisabled={busy} autoFocus>
              {cancelLabel ?? t.cancel}
            </Button>
            <Button className={danger ? 'bk-btn bk-btn-danger' : 'bk-btn bk-btn-primary'} onPress={onConfirm} isDisabled={busy}>
              {confirmLabel ?? t.yes}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

export type ConfirmOptions = Omit<ConfirmDialogProps, 'isOpen' | 'onConfirm' | 'onCancel' | 'busy'>;

/**
 * Promise-style confirmation without a provider: render `dialog` once, then
 * `if (await confirm({ message: 'Ta bort?' })) …`.
 */
export function useConfirm(): { confirm(options: ConfirmOptions): Promise<boolean>; dialog: ReactNode } {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  }, []);
  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const dialog = (
    <ConfirmDialog
      {...(options ?? { message: '' })}
      isOpen={options !== null}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
  return { confirm, dialog };
}
