import type { ActionTable } from '../../dispatcher/types';
import { reportsOf, saveStatement, statementOf } from '../../domain/organisations/accessibility';
import { loadContainer } from '../../domain/organisations/containers';

/** The organisation's parts of its accessibility statement and the reports it received (issue 28 item 7). */
export const actions: ActionTable = {
  async get_accessibilityStatement(ctx, data) {
    const c = await loadContainer(ctx.deps.store, data.containerId);
    const [own, reports] = await Promise.all([statementOf(ctx.deps, c.id), reportsOf(ctx.deps, c.id)]);
    return { ...own, reports };
  },

  async update_accessibilityStatement(ctx, data) {
    const c = await loadContainer(ctx.deps.store, data.containerId);
    return saveStatement(ctx.deps, c.id, data);
  },
};
