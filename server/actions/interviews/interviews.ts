import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { loadApplication, loadApplications, who } from '../../domain/applicants/applicants';
import type { ApplicationDoc } from '../../domain/core/docs';
import { cancelByStaff, interviewsOfApplication } from '../../domain/interviews/booking';
import { feedSettings, renewFeed, revokeFeed, setFeedNames } from '../../domain/interviews/feed';
import { offerInterviews, type OfferInput } from '../../domain/interviews/slots';
import { loadContainer } from '../../domain/organisations/containers';
import { loadPosition } from '../../domain/positions/positions';
import { anonymityOf, isAnonymous } from '../../domain/screening/screening';

/**
 * Interviews (issue 30 item 1). The policy has checked Write (offers, cancelling) or any
 * right (reading) on the application's position; the handlers compare containers again, as
 * the other action files do. The calendar feed actions are the caller's own.
 */

const t = sv.interviews;

async function offer(ctx: ActionContext, apps: ApplicationDoc[], data: OfferInput) {
  const positionIds = new Set(apps.map((a) => a.positionId));
  if (positionIds.size !== 1) throw errors.invalid([{ path: '/ids', message: t.onePosition }], t.onePosition);
  const p = await loadPosition(ctx.deps.store, [...positionIds][0]!);
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== p.containerId) throw errors.forbidden();
  // Anonymous screening: an invitation names the person to the interviewers, so a hidden application gets no times (as references).
  const c = await loadContainer(ctx.deps.store, p.containerId);
  if (apps.some((a) => isAnonymous(c, anonymityOf(p), a.processLabelId))) throw errors.conflict(t.anonymous);
  const by = { id: ctx.principal.userId, name: who(ctx.principal), email: ctx.principal.email };
  const input: OfferInput = {
    slots: data.slots,
    interviewers: data.interviewers,
    ...(data.place !== undefined ? { place: data.place } : {}),
    ...(data.videoUrl !== undefined ? { videoUrl: data.videoUrl } : {}),
    ...(data.note !== undefined ? { note: data.note } : {}),
    ...(data.expires !== undefined ? { expires: data.expires } : {}),
  };
  return offerInterviews(ctx.deps, by, p, apps, input);
}

async function applicationIn(ctx: ActionContext, id: number): Promise<ApplicationDoc> {
  const a = await loadApplication(ctx.deps.store, id);
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== a.containerId) throw errors.forbidden();
  return a;
}

export const actions: ActionTable = {
  async create_interviewSlots(ctx, data) {
    return offer(ctx, [await applicationIn(ctx, data.applicationId)], data);
  },

  async create_interviewSlotsForMany(ctx, data) {
    return offer(ctx, await loadApplications(ctx.deps.store, data.ids), data);
  },

  async get_applicantInterviews(ctx, data) {
    const a = await applicationIn(ctx, data.applicationId);
    return { rows: await interviewsOfApplication(ctx.deps, a.id) };
  },

  async cancel_applicantInterview(ctx, data) {
    const a = await applicationIn(ctx, data.applicationId);
    const rows = await interviewsOfApplication(ctx.deps, a.id);
    if (!rows.some((r) => r.id === data.interviewId)) throw errors.notFound(t.interviewGone);
    return cancelByStaff(ctx.deps, data.interviewId, a.containerId, who(ctx.principal));
  },

  get_myCalendarFeed: (ctx) => feedSettings(ctx.deps, ctx.principal.userId),
  renew_myCalendarFeed: (ctx, data) => renewFeed(ctx.deps, ctx.principal.userId, data.showNames),
  update_myCalendarFeed: (ctx, data) => setFeedNames(ctx.deps, ctx.principal.userId, data.showNames),
  delete_myCalendarFeed: (ctx) => revokeFeed(ctx.deps, ctx.principal.userId),
};
