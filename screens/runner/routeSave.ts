/**
 * Where a form's save goes (screen.schema.json `save`): a dispatcher action, or a plain account
 * route (`route`: login, reset, links, invitation) posted without the dispatcher and without a
 * token. Both answer their `data`; both refuse with `{ error: { code, message, details } }`.
 */
import { accountPost, ApiError, dispatchByName } from '../api';
import { fillForAction } from './actionData';
import { fillData, type BindingContext } from './bindings';
import { messageOf } from './serverErrors';
import type { Save } from '../../schemas/generated/screen';

export const isRouteSave = (save: Save): save is Extract<Save, { route: string }> => 'route' in save;

/** Sends a form's save with its data filled from `ctx`; the answer's data. */
export function sendSave(save: Save, ctx: BindingContext): Promise<unknown> {
  if (isRouteSave(save)) return accountPost(save.route, fillData(save.data ?? '{form}', ctx));
  return fillForAction(save.action, save.data ?? '{form}', ctx).then((data) => dispatchByName(save.action, data));
}

/** The words for a refusal: the route's own text for its status (the login's empty 401), else the server's message. */
export function refusalText(save: Save, err: unknown): string {
  const own = isRouteSave(save) && err instanceof ApiError ? save.status?.[String(err.status)] : undefined;
  return own ?? messageOf(err);
}
