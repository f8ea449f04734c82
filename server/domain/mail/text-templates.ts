import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { htmlToText, sanitizeHtml } from '../../../engine/sanitize';
import { errors } from '../../errors';
import type { AddTextTemplateAnswer } from '../../../schemas/generated/actions';
import type { Store } from '../../store/port';

/**
 * Container text templates (spec document 1 §3 "Templates": containerId, id, title, text):
 * reusable ad texts the ad builder inserts. `text` is HTML from the rich-text editor and is
 * stored sanitised; `title` is plain text. Kept in the `containerTemplates` collection.
 */
type TextTemplate = AddTextTemplateAnswer & { [k: string]: unknown };

type Input = { title: string; text: string };

const col = (store: Store) => store.collection<TextTemplate>('containerTemplates');
const shape = ({ id, containerId, title, text, created, updated }: TextTemplate) => ({ id, containerId, title, text, created, updated });

function clean(data: Input) {
  const title = htmlToText(data.title);
  if (!title) throw errors.invalid([{ path: '/title', message: sv.org.templateTitleRequired }], sv.org.templateTitleRequired);
  return { title, text: sanitizeHtml(data.text) };
}

export async function createTextTemplate(store: Store, containerId: number, data: Input, now: number) {
  const doc: TextTemplate = { id: await store.nextSequence('containerTemplates'), containerId, ...clean(data), created: now, updated: now };
  return shape(await col(store).insertOne(doc));
}

/** Changes a template of the container; 404 when there is none. */
export async function updateTextTemplate(store: Store, containerId: number, id: number, data: Input, now: number) {
  const updated = await col(store).updateOne({ id, containerId }, { $set: { ...clean(data), updated: now } });
  if (!updated) throw errors.notFound(sv.org.templateNotFound);
  return shape(updated);
}

/** The container's templates by title. */
export async function listTextTemplates(store: Store, containerId: number) {
  return (await col(store).find({ containerId }, { sort: { title: 1, id: 1 } })).map(shape);
}

/** Deletes a template of the container; 404 when there is none. */
export async function deleteTextTemplate(store: Store, containerId: number, id: number): Promise<void> {
  if (!(await col(store).deleteOne({ id, containerId }))) throw errors.notFound(sv.org.templateNotFound);
}
