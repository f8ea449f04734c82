import { useEffect, useState } from 'react';
import { accountPost, ApiError, dispatchByName } from '../api';
import { useSession } from './session/session';
import { fillForAction } from './actionData';
import { at, fillData, fillText, pointer, type BindingContext } from './bindings';
import type { ScreenLoad } from './types';

export type Data = Record<string, unknown>;

export type Loaded = { status: 'loading' } | { status: 'error'; error?: unknown } | { status: 'notFound' } | { status: 'ready'; data: Data };

/** The data in an answer: at `pick` (with the keys of `also` from elsewhere in the answer), or the row whose `find.field` equals the filled `find.equals` (as text). */
function pickData(answer: unknown, load: ScreenLoad, ctx: BindingContext): Data | null {
  const picked = pointer(answer, load.pick);
  if (load.find) {
    const want = fillText(load.find.equals, ctx);
    const row = Array.isArray(picked) ? (picked as unknown[]).find((r) => String(at(r, load.find!.field)) === want) : undefined;
    return row && typeof row === 'object' ? (row as Data) : null;
  }
  // `also` without `pick`: the data is only those keys (an answer that is a list of fixed rows).
  const data = picked && typeof picked === 'object' && !(load.pick === undefined && load.also) ? (picked as Data) : {};
  if (!load.also) return data;
  return { ...data, ...Object.fromEntries(Object.entries(load.also).map(([key, ptr]) => [key, pointer(answer, ptr)]).filter(([, v]) => v !== undefined)) };
}

const LOADING: Loaded = { status: 'loading' };
const NOTHING_TO_LOAD: Loaded = { status: 'ready', data: {} };

/**
 * The one loader of form and record screens (and their blocks): `load` (an action, or a form's
 * account route) with its data filled,
 * the data picked; 404 or no matching row is the not-found state; other failures go through
 * the session's handler (401 logs out) to the error state. `generation` loads again and keeps
 * what it shows until the new answer; another context (route, query, organisation, user) shows
 * loading until its own answer: a form of /admin/users/2 never shows, nor saves, the answer
 * for /admin/users/1 while its own is on the way.
 */
export function useScreenData(load: ScreenLoad | undefined, ctx: BindingContext, generation = 0): Loaded {
  const { handleError } = useSession();
  const ctxKey = JSON.stringify(ctx);
  const [state, setState] = useState<{ key: string; loaded: Loaded }>(() => ({ key: ctxKey, loaded: LOADING }));
  useEffect(() => {
    if (!load) return;
    let live = true;
    const bound = JSON.parse(ctxKey) as BindingContext;
    setState((s) => (s.key === ctxKey && s.loaded.status === 'ready' ? s : { key: ctxKey, loaded: LOADING }));
    const action = load.action ?? '';
    const asked = load.route ? accountPost(load.route, fillData(load.data ?? {}, bound)) : fillForAction(action, load.data ?? {}, bound).then((data) => dispatchByName(action, data));
    const settle = (loaded: Loaded) => live && setState({ key: ctxKey, loaded });
    asked
      .then((answer) => {
        const data = pickData(answer, load, bound);
        settle(data ? { status: 'ready', data } : { status: 'notFound' });
      })
      .catch((err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 404) return settle({ status: 'notFound' });
        // An account route answers without a session: its refusal is the form's to read (a refused link).
        if (!load.route) handleError(err);
        settle({ status: 'error', error: err });
      });
    return () => {
      live = false;
    };
  }, [load, ctxKey, handleError, generation]);
  if (!load) return NOTHING_TO_LOAD;
  return state.key === ctxKey ? state.loaded : LOADING;
}
