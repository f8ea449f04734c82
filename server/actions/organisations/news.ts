import type { ActionTable } from '../../dispatcher/types';
import { deletePost, listPosts, savePost } from '../../domain/organisations/news';

/** News: every logged-in user reads, odin writes (spec document 1 §2, §6). */
export const actions: ActionTable = {
  get_blogPosts: (ctx, data: { id?: number; take?: number }) => listPosts(ctx.deps, data),
  create_blogPost: (ctx, data: { id?: number; title: string; body: string }) => savePost(ctx.deps, ctx.principal.userId, data),
  delete_blogPost: (ctx, data: { id: number }) => deletePost(ctx.deps, data.id),
};
