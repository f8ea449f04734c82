import { createElement, Fragment, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, dispatchByName } from '../api';
import { useSession } from './session/session';
import { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';
import { fillForAction } from './actionData';
import { fillText, type BindingContext } from './bindings';
import type { ScreenAction } from './types';
import { useSessionEffects } from './session/sessionEffects';
import { useDialogForm } from './verbs/DialogForm';
import { downloadAnswer } from './verbs/download';
import { useTypedConfirm } from './verbs/TypedConfirm';

/**
 * Runs a page, row or bulk action of a screen file: asks `confirm` in a dialog (or
 * `confirmTyped`: the name typed), or fills its `dialog` form; dispatches `action` with its
 * data filled ({form.x} from the dialog, {file.x} from an upload); saves the answer's file
 * (`download`); applies its `session` effects; shows `toast` (or the server's message as an error toast, or to `onError`),
 * then goes to `to` (with {answer.x}) or calls `done` (the list reloads; also after a 404: what it acted on
 * is gone). Returns whether it ran.
 */
export function useRunAction(done: () => void) {
  const { confirm, dialog: confirmDialog } = useConfirm();
  const { confirmTyped, dialog: typedDialog } = useTypedConfirm();
  const { ask, dialog: formDialog } = useDialogForm();
  const toast = useToast();
  const navigate = useNavigate();
  const { handleError } = useSession();
  const applySession = useSessionEffects();
  const run = useCallback(
    async (a: ScreenAction, ctx: BindingContext, onError?: (message: string) => void): Promise<boolean> => {
      if (a.confirmTyped) {
        if (!(await confirmTyped({ message: fillText(a.confirm ?? '', ctx), name: fillText(a.confirmTyped, ctx), confirmLabel: a.label }))) return false;
      } else if (a.confirm && !(await confirm({ message: fillText(a.confirm, ctx), confirmLabel: a.label, danger: true }))) return false;
      const send = async (bound: BindingContext) => dispatchByName(a.action ?? '', await fillForAction(a.action ?? '', a.data ?? {}, bound));
      let answer: unknown;
      let bound = ctx;
      if (a.action && a.dialog) {
        // The dialog sends itself, so a refusal stays at its field and nothing typed is lost.
        const sent = await ask(a.dialog, (form) =>
          send({ ...ctx, form }).catch((err: unknown) => {
            handleError(err); // a 401 logs out
            throw err;
          }),
        );
        if (!sent) return false;
        bound = { ...ctx, form: sent.values };
        answer = sent.answer;
      } else if (a.action) {
        try {
          answer = await send(ctx);
        } catch (err) {
          const message = handleError(err);
          if (onError) onError(message);
          else toast.show(message, 'error');
          // What it acted on is gone (someone else removed it meanwhile): the list shows that now,
          // not a row whose every action answers the same.
          if (err instanceof ApiError && err.status === 404) done();
          return false;
        }
      }
      applySession(a.session, bound, answer);
      if (a.download) downloadAnswer(a.download, answer, bound);
      if (a.toast) toast.show(fillText(a.toast, { ...bound, answer }));
      if (a.to) void navigate(fillText(a.to, { ...bound, answer }, true));
      else done();
      return true;
    },
    [confirm, confirmTyped, ask, toast, navigate, handleError, done, applySession],
  );
  return { run, dialog: createElement(Fragment, null, confirmDialog, typedDialog, formDialog) };
}
