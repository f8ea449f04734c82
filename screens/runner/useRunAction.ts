import { createElement, Fragment, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { dispatchByName } from '../api';
import { useSession } from '../admin/session';
import { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';
import { dataSchemaOf } from './actionTypes';
import { fillData, fillText, type BindingContext } from './bindings';
import { useTypedConfirm } from './TypedConfirm';
import type { ScreenAction } from './types';
import { useSessionEffects } from './sessionEffects';

/**
 * Runs a page, row or bulk action of a screen file: asks `confirm` in a dialog (with
 * `confirmName`, the name must be typed first), dispatches
 * `action` with its data filled, applies its `session` effects, shows `toast` (or the server's message as an error toast),
 * then goes to `to` (with {answer.x}) or calls `done` (the list reloads). Returns whether it ran.
 */
export function useRunAction(done: () => void) {
  const { confirm, dialog } = useConfirm();
  const { confirmTyped, dialog: typedDialog } = useTypedConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  const { handleError } = useSession();
  const applySession = useSessionEffects();
  const run = useCallback(
    async (a: ScreenAction, ctx: BindingContext): Promise<boolean> => {
      if (a.confirmName) {
        if (!(await confirmTyped({ name: fillText(a.confirmName, ctx), message: fillText(a.confirm ?? '', ctx), confirmLabel: a.label }))) return false;
      } else if (a.confirm && !(await confirm({ message: fillText(a.confirm, ctx), confirmLabel: a.label, danger: true }))) return false;
      let answer: unknown;
      if (a.action) {
        try {
          answer = await dispatchByName(a.action, fillData(a.data ?? {}, ctx, dataSchemaOf(a.action)));
        } catch (err) {
          toast.show(handleError(err), 'error');
          return false;
        }
      }
      applySession(a.session, ctx, answer);
      if (a.toast) toast.show(fillText(a.toast, ctx));
      if (a.to) void navigate(fillText(a.to, { ...ctx, answer }, true));
      else done();
      return true;
    },
    [confirm, confirmTyped, toast, navigate, handleError, done, applySession],
  );
  return { run, dialog: createElement(Fragment, null, dialog, typedDialog) };
}
