import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { fill } from '../../../engine/fill';
import sv from '../../../schemas/messages/sv.json';
import { DialogFooter, DialogFrame, useAsk } from '../../shared/DialogFrame';

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
 * useConfirm (focus into the field, back to the opener on close, Escape cancels) whose
 * confirm button runs the action only once 'Skriv <name> för att bekräfta' is answered
 * exactly; otherwise it says so at the field.
 */
export function useTypedConfirm(): {
  confirmTyped(options: TypedConfirmOptions): Promise<boolean>;
  dialog: ReactNode;
} {
  const { options, ask, settle } = useAsk<TypedConfirmOptions, boolean>(false);
  const [typed, setTyped] = useState('');
  const [wrong, setWrong] = useState(false);
  const id = useId();
  const confirmTyped = useCallback(
    (next: TypedConfirmOptions) => {
      setTyped('');
      setWrong(false);
      return ask(next);
    },
    [ask],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (options && typed.trim() === options.name.trim()) settle(true);
    else setWrong(true);
  };
  const dialog = (
    <DialogFrame isOpen={options !== null} alert title={options?.confirmLabel} onClose={() => settle(false)}>
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
        <DialogFooter cancelLabel={t.cancel} onCancel={() => settle(false)} confirmLabel={options?.confirmLabel} danger />
      </form>
    </DialogFrame>
  );
  return { confirmTyped, dialog };
}
