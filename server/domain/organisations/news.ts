import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { htmlToText, sanitizeHtml } from '../../../engine';
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import type { Doc } from '../../store/port';

/**
 * News posts (`blogPosts`): written by odin, read by every staff member. The body is rich
 * text from the editor and is stored already sanitised by the engine's one allow-list
 * sanitiser (no script, no event handlers, only http(s)/mailto links), and sanitised again
 * when the browser renders it.
 */
export interface BlogPostDoc extends Doc {
  id: number;
  title: string;
  body: string;
  created: number;
  updated: number;
  authorId: number;
}

const posts = (deps: ServerDeps) => deps.store.collection<BlogPostDoc>('blogPosts');
const view = ({ _id, authorId: _a, ...p }: BlogPostDoc) => p;

export async function listPosts(deps: ServerDeps, q: { id?: number; take?: number }) {
  if (q.id !== undefined) {
    const one = await posts(deps).findOne({ id: q.id });
    if (!one) throw errors.notFound(sv.news.notFound);
    return [view(one)];
  }
  return (await posts(deps).find({}, { sort: { id: -1 }, limit: q.take ?? 100 })).map(view);
}

/** Creates (id 0 or absent) or updates a post; an empty title or body is refused. */
export async function savePost(deps: ServerDeps, authorId: number, input: { id?: number; title: string; body: string }) {
  const title = input.title.trim();
  const body = sanitizeHtml(input.body);
  const problems = [];
  if (!title) problems.push({ path: '/title', message: sv.news.titleRequired });
  if (!htmlToText(body)) problems.push({ path: '/body', message: sv.news.bodyRequired });
  if (problems.length) throw errors.invalid(problems, problems[0]!.message);
  const now = deps.now();
  if (input.id) {
    const updated = await posts(deps).updateOne({ id: input.id }, { $set: { title, body, updated: now } });
    if (!updated) throw errors.notFound(sv.news.notFound);
    return view(updated);
  }
  await posts(deps).ensureIndex({ fields: { id: 1 }, unique: true });
  const doc: BlogPostDoc = { id: await deps.store.nextSequence('blogPosts'), title, body, created: now, updated: now, authorId };
  return view(await posts(deps).insertOne(doc));
}

export async function deletePost(deps: ServerDeps, id: number) {
  if (!(await posts(deps).deleteOne({ id }))) throw errors.notFound(sv.news.notFound);
  return { id };
}
