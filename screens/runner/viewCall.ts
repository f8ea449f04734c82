/**
 * A view's `call` (issue 16 item 6): `dispatch` narrowed to the actions the view's screen files
 * declare in `uses` (schemas/generated/view-uses.ts, from `npm run gen`). Calling an action the
 * screen file does not declare fails the type check; the same list refuses it at run time too,
 * for a name computed past the compiler. scripts/check-screens.ts checks that a view asks for
 * its own name.
 */
import type { ActionAnswer, ActionData, ActionName } from '../../schemas/generated/actions';
import { VIEW_USES, type ViewName } from '../../schemas/generated/view-uses';
import { dispatch } from '../api';

/** The actions the view `V` declares. */
type ViewAction<V extends ViewName> = (typeof VIEW_USES)[V][number] & ActionName;

/** A call that accepts only the view's declared actions, typed like `dispatch`. */
export type ViewCall<V extends ViewName> = <N extends ViewAction<V>>(action: N, data: ActionData[N]) => Promise<ActionAnswer[N]>;

/** The typed `call` of the view `<view>.view.tsx`. */
export function viewCall<V extends ViewName>(view: V): ViewCall<V> {
  const declared: readonly string[] = VIEW_USES[view];
  return (action, data) =>
    declared.includes(action)
      ? dispatch(action, data)
      : Promise.reject(new Error(`The view ${view} calls ${action}, which its screen file does not declare in "uses"`));
}
