import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { fill } from '../../engine/fill';
import sv from '../../schemas/messages/sv.json';
import '../shared/dialog.css';

export interface TypedConfirmOptions {
  /** What must be typed, exactly (the container's name). */
  name: string;
  /** The warning above the field. */
  message: string;
  /** The confirm button's text (the action's label). */
  confirmLabel: string;
}

/**
 * Confirmation by typing a name (GitHub's "type the repository name"): the destructive button
 * stays disabled until the field holds exactly `name`. Promise-style like useConfirm: render
 * `dialog` once, then `if (await confirmTyped({ name, message, confirmLabel })) …`.
 */
export function useTypedConfirm(): { confirmTyped(options: TypedConfirmOptions): Promise<boolean>; dialog: ReactNode } {
  const [options, setOptions] = useState<TypedConfirmOptions | null>(null);
  const [typed, setTyped] = useState('');
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const inputId = useId();
  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
    setTyped('');
  }, []);
  const confirmTyped = useCallback((next: TypedConfirmOptions) => {
    resolver.current?.(false);
    setTyped('');
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const matches = options !== null && typed === options.name;
  const dialog = (
    <ModalOverlay isOpen={options !== null} isDismissable onOpenChange={(open) => !open && settle(false)} className="bk-modal-overlay">
      <Modal className="bk-modal">
        <Dialog role="alertdialog" className="bk-dialog">
          <Heading slot="title" className="bk-dialog-title">
            {options?.confirmLabel}
          </Heading>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (matches) settle(true);
            }}
          >
            <div className="bk-dialog-body">
              <p>{options?.message}</p>
              <label htmlFor={inputId}>{fill(sv.odin.typeName, { name: options?.name ?? '' })}</label>
              <input id={inputId} type="text" autoComplete="off" autoFocus value={typed} onChange={(e) => setTyped(e.target.value)} />
            </div>
            <div className="bk-dialog-actions">
              <Button className="bk-btn" onPress={() => settle(false)}>
                {sv.shell.confirm.cancel}
              </Button>
              <Button type="submit" className="bk-btn bk-btn-danger" isDisabled={!matches}>
                {options?.confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
  return { confirmTyped, dialog };
}
