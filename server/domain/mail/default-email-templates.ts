import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { escapeHtml } from '../../../engine/sanitize';
import { fill } from '../../../engine/fill';
import type { ServerDeps } from '../../base/deps';
import { defaultLabel } from '../organisations/containers';
import type { ContainerDoc, LabelDoc } from '../core/docs';
import { addEmailTemplate, listEmailTemplates } from './email-templates';

const t = sv.defaultTemplates;
/** The default Interest labels' own texts (containers.ts DEFAULT_LABELS). */
const BY_NAME: Record<string, { subject: string; content: string }> = { Intressant: t.Intressant, Kanske: t.Kanske, 'Ej intressant': t['Ej intressant'] };

/**
 * Swedish default email templates (issue 17): for every position type, the confirmation after
 * applying (the template of the default Interest label, so it is on from the start) and one
 * for every other Interest label, by the label's name ('Ej intressant' is a kind no). A label
 * of the organisation's own gets a neutral text that names it.
 */
function textFor(c: ContainerDoc, label: LabelDoc): { subject: string; content: string } {
  if (label.id === defaultLabel(c, 'Interest')?.id) return t.confirmation;
  return BY_NAME[label.name] ?? { subject: t.other.subject, content: fill(t.other.content, { label: escapeHtml(label.name) }) };
}

/** The (type, label) pairs of the organisation that have no template yet. */
async function missing(deps: Pick<ServerDeps, 'store'>, c: ContainerDoc) {
  const have = new Set((await listEmailTemplates(deps.store, c.id)).map((x) => `${x.positionTypeId}:${x.labelId}`));
  const labels = (c.labels ?? []).filter((l) => l.labelType === 'Interest');
  return (c.positionTypes ?? []).flatMap((type) => labels.filter((l) => !have.has(`${type.id}:${l.id}`)).map((label) => ({ type, label })));
}

/** Adds the default templates the organisation lacks (never changes one it has); answers how many were added. */
async function addDefaultEmailTemplates(deps: ServerDeps, c: ContainerDoc, by: string): Promise<number> {
  let added = 0;
  for (const { type, label } of await missing(deps, c)) {
    const text = textFor(c, label);
    try {
      await addEmailTemplate(deps, c, { containerId: c.id, positionTypeId: type.id, labelId: label.id, subject: text.subject, content: text.content }, by);
      added += 1;
    } catch {
      // Saved by staff (or another answer to the offer) meanwhile: theirs stays.
    }
  }
  return added;
}

/** A new organisation starts with the templates and is never offered them. */
export async function startWithDefaultEmailTemplates(deps: ServerDeps, c: ContainerDoc, by: string): Promise<void> {
  await addDefaultEmailTemplates(deps, c, by);
  await deps.store.collection('containers').updateOne({ id: c.id }, { $set: { emailTemplateOffer: 'accepted' } });
}

/** Whether the organisation is still offered the templates: never answered, and some are missing. */
export async function defaultEmailTemplatesOffer(deps: ServerDeps, c: ContainerDoc): Promise<{ offered: boolean; missing: number }> {
  const n = (await missing(deps, c)).length;
  return { offered: c.emailTemplateOffer === undefined && n > 0, missing: n };
}

/** The answer to the offer, once: accepted adds the missing templates; either way it is not offered again. */
export async function answerDefaultEmailTemplatesOffer(deps: ServerDeps, c: ContainerDoc, accept: boolean, by: string): Promise<{ added: number }> {
  const added = accept ? await addDefaultEmailTemplates(deps, c, by) : 0;
  await deps.store.collection('containers').updateOne({ id: c.id }, { $set: { emailTemplateOffer: accept ? 'accepted' : 'dismissed' } });
  return { added };
}
