import type { ActionAnswer, ActionData, ActionName } from '../../schemas/generated/actions';
import { dispatch } from '../api';

/**
 * A dispatcher call of the applicant pages: `dispatch` itself, typed from the action's schema
 * file (data and answer), so these pages cannot read a field the server never sends.
 */
export function call<N extends ActionName>(action: N, data: ActionData[N]): Promise<ActionAnswer[N]> {
  return dispatch(action, data);
}
