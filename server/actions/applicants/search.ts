import type { ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { search } from '../../domain/applicants/search';
import { readerOf } from '../../dispatcher/reader';

export const actions: ActionTable = {
  /** `POST /api/dispatcher?filter=<text>` (spec doc 2 §7): the text rides in the query string. */
  async get_applicantPositionBySearchQuery(ctx, data) {
    if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== data.containerId) throw errors.forbidden();
    return search(ctx.deps, data.containerId, ctx.query.filter, readerOf(ctx));
  },
};
