import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { sanitizeHtml } from '../../../engine/sanitize';
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import { DuplicateKeyError, type Doc, type Store } from '../../store/port';
import { defaultLabel, labelOf } from '../organisations/containers';
import type { ContainerDoc, LabelDoc } from '../core/docs';
import { cachedRead } from '../core/read-cache';
import type { ActionAnswer, ActionData } from '../../../schemas/generated/actions';

const m = sv.mail;

/**
 * The spec's email label template (labelId, name, subject, content), kept per container,
 * position type and label (an Interest label or a Process level): one template per label and type. `content` is staff
 * HTML, sanitised with the engine's sanitiser before it is stored. The template of the
 * default Interest label is the confirmation mail sent after applying.
 */
export type EmailTemplateDoc = ActionAnswer['add_emailTemplate'] & Doc;

export type EmailTemplateInput = ActionData['add_emailTemplate'];

/** The merge fields a template or a mail may use, `{key}` in subject and body (get_TemplateProperties). */
export const TEMPLATE_PROPERTIES = (['firstname', 'lastname', 'name', 'email', 'phone', 'city', 'position', 'company'] as const).map(
  (key) => ({ key, label: m.properties[key], placeholder: `{${key}}` }),
);

const COLLECTION = 'emailTemplates';
const indexed = new WeakMap<Store, Promise<void>>();

function templates(store: Store) {
  let p = indexed.get(store);
  if (!p) {
    p = store.collection(COLLECTION).ensureIndex({ fields: { containerId: 1, positionTypeId: 1, labelId: 1 }, unique: true });
    p.catch(() => indexed.delete(store));
    indexed.set(store, p);
  }
  return { ready: p, col: store.collection<EmailTemplateDoc>(COLLECTION) };
}

const out = ({ _id, ...t }: EmailTemplateDoc & { _id?: unknown }) => t;

export async function listEmailTemplates(
  store: Store,
  containerId: number,
  by: { positionTypeId?: number; labelId?: number } = {},
): Promise<EmailTemplateDoc[]> {
  const { ready, col } = templates(store);
  await ready;
  const filter: Record<string, number> = { containerId };
  if (by.positionTypeId !== undefined) filter.positionTypeId = by.positionTypeId;
  if (by.labelId !== undefined) filter.labelId = by.labelId;
  return (await col.find(filter, { sort: { id: 1 } })).map(out);
}

/** The template for a label and position type, or null. */
async function templateFor(store: Store, containerId: number, positionTypeId: number, labelId: number): Promise<EmailTemplateDoc | null> {
  const { ready, col } = templates(store);
  await ready;
  const t = await col.findOne({ containerId, positionTypeId, labelId });
  return t ? out(t) : null;
}

/**
 * The confirmation mail's template: the one of the container's default Interest label. Read
 * once while the templates are unchanged (read-cache.ts): every application asks for it.
 */
export async function confirmationTemplate(store: Store, c: ContainerDoc, positionTypeId: number): Promise<EmailTemplateDoc | null> {
  const label = defaultLabel(c, 'Interest');
  if (!label) return null;
  return cachedRead(store, `confirmation-template:${c.id}:${positionTypeId}:${label.id}`, [COLLECTION], () => templateFor(store, c.id, positionTypeId, label.id));
}

function checked(c: ContainerDoc, input: EmailTemplateInput): { label: LabelDoc; name: string; subject: string; content: string } {
  if (!(c.positionTypes ?? []).some((t) => t.id === input.positionTypeId)) {
    throw errors.invalid([{ path: '/positionTypeId', message: m.positionTypeMissing }], m.positionTypeMissing);
  }
  // An Interest label or a Process level (issue 26: a move on the board offers the level's template).
  const label = labelOf(c, input.labelId);
  const subject = input.subject.replace(/[\r\n]+/g, ' ').trim();
  if (!subject) throw errors.invalid([{ path: '/subject', message: m.subjectMissing }], m.subjectMissing);
  const content = sanitizeHtml(input.content).trim();
  return { label, name: input.name?.trim() || label.name, subject, content };
}

/**
 * add_emailTemplate: a new template for a label and type; 409 when that label already has
 * one for the type (update_containerTemplate changes it).
 */
export async function addEmailTemplate(deps: ServerDeps, c: ContainerDoc, input: EmailTemplateInput, by: string): Promise<EmailTemplateDoc> {
  const v = checked(c, input);
  const { ready, col } = templates(deps.store);
  await ready;
  const doc: EmailTemplateDoc = {
    id: await deps.store.nextSequence(COLLECTION),
    containerId: c.id,
    positionTypeId: input.positionTypeId,
    labelId: v.label.id,
    name: v.name,
    subject: v.subject,
    content: v.content,
    updated: deps.now(),
    updatedBy: by,
  };
  try {
    return out(await col.insertOne(doc));
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw errors.conflict(m.templateExists);
    throw err;
  }
}

/** update_containerTemplate: sets the label's template for the type, creating it when missing. */
export async function upsertEmailTemplate(deps: ServerDeps, c: ContainerDoc, input: EmailTemplateInput, by: string): Promise<EmailTemplateDoc> {
  const v = checked(c, input);
  const { ready, col } = templates(deps.store);
  await ready;
  const key = { containerId: c.id, positionTypeId: input.positionTypeId, labelId: v.label.id };
  const set = { name: v.name, subject: v.subject, content: v.content, updated: deps.now(), updatedBy: by };
  const updated = await col.updateOne(key, { $set: set });
  if (updated) return out(updated);
  try {
    return await addEmailTemplate(deps, c, input, by);
  } catch (err) {
    // Two saves of a new template at once: the other one created it, so this one updates.
    const again = await col.updateOne(key, { $set: set });
    if (again) return out(again);
    throw err;
  }
}
