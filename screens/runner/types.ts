import type { ActionAnswer, ActionName } from '../../schemas/generated/actions';
import type { ScreenFile } from '../../schemas/generated/screen';

export type { ScreenFile, Action as ScreenAction, Column as ScreenColumn, Load as ScreenLoad, Block, RecordField } from '../../schemas/generated/screen';

/** Who may open a screen (screen.schema.json `access`). */
export type Access = ScreenFile['access'];

/** What a `view` screen's component receives (docs/screens.md "Views"). */
export interface ViewProps {
  screen: ScreenFile;
  props: Record<string, unknown>;
  /** A view block: loads again the page's blocks its `reloads` names (e.g. a position's head after a move). */
  reload?: () => void;
  /**
   * A view block `from` a record block: that block's loaded answer (its load has no pick, find
   * or also), so the view does not load it again. Narrow by `action` to the generated answer.
   */
  given?: GivenAnswer;
}

/** An action's answer with its name: `given.action === 'get_position'` types `given.answer`. */
export type GivenAnswer = { [N in ActionName]: { action: N; answer: ActionAnswer[N] } }[ActionName];
