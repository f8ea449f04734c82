import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { DialogFooterProps, DialogFrameProps } from './DialogFrame';

/**
 * The one modal of the app, from react-aria-components, loaded when a dialog first opens
 * (DialogFrame.tsx): focus moves into it and back to the opener on close, Escape and a click
 * outside close it unless busy, the page behind is inert, and its heading names it.
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

/** The one footer of a dialog: cancel first (disabled while the main button's call runs), then the main (or destructive) button. */
export function DialogFooter({ cancelLabel, onCancel, confirmLabel, onConfirm, busy, danger, focusCancel }: DialogFooterProps) {
  return (
    <div className="bk-dialog-actions">
      <Button className="bk-btn" onPress={onCancel} isDisabled={busy} autoFocus={focusCancel}>
        {cancelLabel}
      </Button>
      {confirmLabel !== undefined && (
        // While it works: aria-disabled, no press and no submit, not disabled, so the focus stays on it (a disabled button
        // drops it). Not react-aria's isPending: its announcement outlives the closed dialog as an unnamed role="img".
        <Button type={onConfirm || busy ? 'button' : 'submit'} className={danger ? 'bk-btn bk-btn-danger' : 'bk-btn bk-btn-primary'} onPress={busy ? undefined : onConfirm} aria-disabled={busy || undefined}>
          {confirmLabel}
        </Button>
      )}
    </div>
  );
}
