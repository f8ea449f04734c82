import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { fill } from '../../../engine/fill';
import sv from '../../../schemas/messages/sv.json';
import '../../shared/dialog.css';

const t = sv.screenVerbs;

export interface TypedConfirmOptions {
  /** What the action does, e.g. 'Allt om personen raderas.' */
  message: string;
  /** What must be typed, exactly (a name, an email). */
  name: string;
  /** The confirm button, e.g. 'Radera personen'. */
  confirmLabel: string;
}

/**
 * Confirmation by typing a name (GitHub's 'type the repository name'): a modal like
 * ConfirmDialog (focus into the field, back to the opener on close, Escape cancels) whose
 * confirm button runs the action only once 'Skriv <name> för att bekräfta' is answered
 * exactly; otherwise it says so at the field.
 */
export function useTypedConfirm(): { confirmTyped(options: TypedConfirmOptions): Promise<boolean>; dialog: ReactNode } {
  const [options, setOptions] = useState<TypedConfirmOptions | null>(null);
  const [typed, setTyped] = useState('');
  const [wrong, setWrong] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const id = useId();
  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  }, []);
  const confirmTyped = useCallback((next: TypedConfirmOptions) => {
    resolver.current?.(false);
    setTyped('');
    setWrong(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (options && typed.trim() === options.name.trim()) settle(true);
    else setWrong(true);
  };
  const dialog = (
    <ModalOverlay isOpen={options !== null} isDismissable onOpenChange={(open) => !open && settle(false)} className="bk-modal-overlay">
      <Modal className="bk-modal">
        <Dialog role="alertdialog" className="bk-dialog">
          <Heading slot="title" className="bk-dialog-title">
            {options?.confirmLabel}
          </Heading>
          <form onSubmit={submit} noValidate>
            <p className="bk-dialog-body">{options?.message}</p>
            <div className="bk-dialog-body">
              <label htmlFor={`${id}-typed`}>{fill(t.typeToConfirm, { name: options?.name ?? '' })}</label>
              <input
                id={`${id}-typed`}
                autoFocus
                autoComplete="off"
                value={typed}
                aria-invalid={wrong || undefined}
                aria-describedby={wrong ? `${id}-wrong` : undefined}
                onChange={(e) => {
                  setTyped(e.target.value);
                  setWrong(false);
                }}
              />
              {wrong && (
                <p id={`${id}-wrong`} role="alert" className="adm-error">
                  {t.typedMismatch}
                </p>
              )}
            </div>
            <div className="bk-dialog-actions">
              <button type="button" className="bk-btn" onClick={() => settle(false)}>
                {t.cancel}
              </button>
              <button type="submit" className="bk-btn bk-btn-danger">
                {options?.confirmLabel}
              </button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
  return { confirmTyped, dialog };
}
