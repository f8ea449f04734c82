import type { ActionTable } from '../../dispatcher/types';
import { createTextTemplate, deleteTextTemplate, listTextTemplates, updateTextTemplate } from '../../domain/mail/text-templates';

/** Container text templates (domain/text-templates.ts): the ad builder's reusable texts. */
export const actions: ActionTable = {
  /** Creates (no id, or id 0) or updates a template of the organisation. */
  async upsert_ContainerTemplate(ctx, data) {
    if (!data.id) return createTextTemplate(ctx.deps.store, data.containerId, data, ctx.deps.now());
    return updateTextTemplate(ctx.deps.store, data.containerId, data.id, data, ctx.deps.now());
  },

  async add_textTemplate(ctx, data) {
    return createTextTemplate(ctx.deps.store, data.containerId, data, ctx.deps.now());
  },

  async get_ContainerTemplates(ctx, data) {
    return listTextTemplates(ctx.deps.store, data.containerId);
  },

  async get_textTemplates(ctx, data) {
    return listTextTemplates(ctx.deps.store, data.containerId);
  },

  async delete_ContainerTemplate(ctx, data) {
    await deleteTextTemplate(ctx.deps.store, data.containerId, data.id);
    return { id: data.id, deleted: true };
  },
};
