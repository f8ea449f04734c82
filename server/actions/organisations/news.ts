import type { ActionTable } from '../../dispatcher/types';
import { deletePost, listPosts, savePost } from '../../domain/organisations/news';

/** News: every logged-in user reads, odin writes (spec document 1 §2, §6). */
export const actions: ActionTable = {
  get_blogPosts: (ctx, data) => listPosts(ctx.deps, data),
  create_blogPost: (ctx, data) => savePost(ctx.deps, ctx.principal.userId, data),
  delete_blogPost: (ctx, data) => deletePost(ctx.deps, data.id),
};
