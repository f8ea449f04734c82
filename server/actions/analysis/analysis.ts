import type { ActionTable } from '../../dispatcher/types';
import { analysisOf, setAnalysisSettings } from '../../domain/analysis/analysis';

/** The analysis page (issue 30 item 4): its figures, and the organisation's choice to show the active-measures view. */
export const actions: ActionTable = {
  async get_analysis(ctx, data) {
    return analysisOf(ctx.deps, data);
  },
  async update_analysisSettings(ctx, data) {
    return setAnalysisSettings(ctx.deps, data.containerId, data.activeMeasures);
  },
};
