import type { ReactNode } from 'react';
import sv from '../../schemas/messages/sv.json';
import { DialogFooter, DialogFrame, useAsk } from './DialogFrame';

const t = sv.shell.confirm;

export interface ConfirmOptions {
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
}

/**
 * Promise-style confirmation without a provider: render `dialog` once, then
 * `if (await confirm({ message: 'Ta bort?' })) …`. A modal question (role alertdialog) whose
 * focus starts on the cancel button, the safe choice; Escape cancels.
 */
export function useConfirm(): {
  confirm(options: ConfirmOptions): Promise<boolean>;
  dialog: ReactNode;
} {
  const { options, ask, settle } = useAsk<ConfirmOptions, boolean>(false);
  const dialog = (
    <DialogFrame isOpen={options !== null} alert title={options?.title ?? t.title} onClose={() => settle(false)}>
      <div className="bk-dialog-body">{options?.message}</div>
      <DialogFooter
        cancelLabel={options?.cancelLabel ?? t.cancel}
        onCancel={() => settle(false)}
        confirmLabel={options?.confirmLabel ?? t.yes}
        onConfirm={() => settle(true)}
        danger={options?.danger}
        focusCancel
      />
    </DialogFrame>
  );
  return { confirm: ask, dialog };
}
