import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { loadApplication } from '../../domain/applicants/applicants';
import { loadContainer } from '../../domain/organisations/containers';
import type { ContainerDoc } from '../../domain/core/docs';
import { sendToMany, sendToOne } from '../../domain/mail/email';
import {
  addEmailTemplate,
  listEmailTemplates,
  TEMPLATE_PROPERTIES,
  upsertEmailTemplate,
} from '../../domain/mail/email-templates';
import { loadPosition } from '../../domain/positions/positions';
import { answerDefaultEmailTemplatesOffer, defaultEmailTemplatesOffer } from '../../domain/mail/default-email-templates';

/** Mail to applicants and the email label templates (spec doc 2: send_email…, templates). */

async function containerOf(ctx: ActionContext, containerId: number): Promise<ContainerDoc> {
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== containerId) throw errors.notFound();
  return loadContainer(ctx.deps.store, containerId);
}

const author = (ctx: ActionContext) => `${ctx.principal.givenName} ${ctx.principal.familyName}`.trim() || ctx.principal.email;

export const actions: ActionTable = {
  async get_TemplateProperties() {
    return TEMPLATE_PROPERTIES;
  },

  async get_emailTemplates(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return listEmailTemplates(ctx.deps.store, c.id, data);
  },

  async add_emailTemplate(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return addEmailTemplate(ctx.deps, c, data, author(ctx));
  },

  async update_containerTemplate(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return upsertEmailTemplate(ctx.deps, c, data, author(ctx));
  },

  async get_defaultEmailTemplatesOffer(ctx, data) {
    return defaultEmailTemplatesOffer(ctx.deps, await containerOf(ctx, data.containerId));
  },

  async answer_defaultEmailTemplatesOffer(ctx, data) {
    return answerDefaultEmailTemplatesOffer(ctx.deps, await containerOf(ctx, data.containerId), data.accept, author(ctx));
  },

  async send_email(ctx, data) {
    const a = await loadApplication(ctx.deps.store, data.applicantId);
    if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== a.containerId) throw errors.notFound();
    return sendToOne(ctx.deps, ctx.principal, a, data.email, data, ctx.resolved.level);
  },

  async send_emailToApplicants(ctx, data) {
    const p = await loadPosition(ctx.deps.store, data.positionId);
    if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== p.containerId) throw errors.notFound();
    return sendToMany(ctx.deps, ctx.principal, p.id, data.recipients, data);
  },
};
