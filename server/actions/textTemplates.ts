import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { htmlToText, sanitizeHtml } from '../../engine/sanitize';
import type { ActionContext, ActionTable } from '../dispatcher/types';
import { errors } from '../errors';
import type { Doc } from '../store/port';

/**
 * Container text templates (spec document 1 §3 "Templates": containerId, id, title, text):
 * reusable ad texts the ad builder inserts. `text` is HTML from the rich-text editor and is
 * stored sanitised; `title` is plain text. Kept in the `containerTemplates` collection.
 */

interface TextTemplate {
  [k: string]: unknown;
  id: number;
  containerId: number;
  title: string;
  text: string;
  created: number;
  updated: number;
}

const col = (ctx: ActionContext) => ctx.deps.store.collection<TextTemplate>('containerTemplates');
const shape = ({ id, containerId, title, text, created, updated }: TextTemplate) => ({ id, containerId, title, text, created, updated });

function clean(data: { title: string; text: string }) {
  const title = htmlToText(data.title);
  if (!title) throw errors.invalid([{ path: '/title', message: sv.org.templateTitleRequired }], sv.org.templateTitleRequired);
  return { title, text: sanitizeHtml(data.text) };
}

async function create(ctx: ActionContext, containerId: number, data: { title: string; text: string }) {
  const now = ctx.deps.now();
  const doc: TextTemplate = { id: await ctx.deps.store.nextSequence('containerTemplates'), containerId, ...clean(data), created: now, updated: now };
  return shape((await col(ctx).insertOne(doc)) as TextTemplate);
}

async function list(ctx: ActionContext, containerId: number) {
  return (await col(ctx).find({ containerId }, { sort: { title: 1, id: 1 } })).map((d: Doc) => shape(d as TextTemplate));
}

export const actions: ActionTable = {
  /** Creates (no id, or id 0) or updates a template of the organisation. */
  async upsert_ContainerTemplate(ctx, data: { containerId: number; id?: number; title: string; text: string }) {
    if (!data.id) return create(ctx, data.containerId, data);
    const updated = await col(ctx).updateOne({ id: data.id, containerId: data.containerId }, { $set: { ...clean(data), updated: ctx.deps.now() } });
    if (!updated) throw errors.notFound(sv.org.templateNotFound);
    return shape(updated as TextTemplate);
  },

  async add_textTemplate(ctx, data: { containerId: number; title: string; text: string }) {
    return create(ctx, data.containerId, data);
  },

  async get_ContainerTemplates(ctx, data: { containerId: number }) {
    return list(ctx, data.containerId);
  },

  async get_textTemplates(ctx, data: { containerId: number }) {
    return list(ctx, data.containerId);
  },

  async delete_ContainerTemplate(ctx, data: { containerId: number; id: number }) {
    if (!(await col(ctx).deleteOne({ id: data.id, containerId: data.containerId }))) throw errors.notFound(sv.org.templateNotFound);
    return { id: data.id, deleted: true };
  },
};
