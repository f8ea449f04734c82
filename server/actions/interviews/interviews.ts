import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { loadApplication, loadApplications, who } from '../../domain/applicants/applicants';
import type { ApplicationDoc } from '../../domain/core/docs';
import { readersOfPosition } from '../../domain/accounts/access';
import { usersById } from '../../domain/accounts/memberships';
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

/**
 * Offers the times. Anonymous screening: an invitation names the person to the interviewers,
 * so a hidden application gets no times (as references): one alone is refused (409); of many,
 * the others get the times and the hidden ones are answered in `refused` (all hidden → 409).
 */
async function offer(ctx: ActionContext, all: ApplicationDoc[], data: OfferInput) {
  const positionIds = new Set(all.map((a) => a.positionId));
  if (positionIds.size !== 1) throw errors.invalid([{ path: '/ids', message: t.onePosition }], t.onePosition);
  const p = await loadPosition(ctx.deps.store, [...positionIds][0]!);
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== p.containerId) throw errors.forbidden();
  const c = await loadContainer(ctx.deps.store, p.containerId);
  const hidden = (a: ApplicationDoc) => isAnonymous(c, anonymityOf(p), a.processLabelId);
  const apps = all.filter((a) => !hidden(a));
  if (apps.length === 0) throw errors.conflict(t.anonymous);
  const refused = all.filter(hidden).map((a) => ({ applicationId: a.id, reason: 'anonymous' as const }));
  const by = { id: ctx.principal.userId, name: who(ctx.principal), email: ctx.principal.email };
  const input: OfferInput = {
    slots: data.slots,
    interviewers: data.interviewers,
    ...(data.place !== undefined ? { place: data.place } : {}),
    ...(data.videoUrl !== undefined ? { videoUrl: data.videoUrl } : {}),
    ...(data.note !== undefined ? { note: data.note } : {}),
    ...(data.expires !== undefined ? { expires: data.expires } : {}),
  };
  return { ...(await offerInterviews(ctx.deps, by, p, apps, input)), refused };
}

async function applicationIn(ctx: ActionContext, id: number): Promise<ApplicationDoc> {
  const a = await loadApplication(ctx.deps.store, id);
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== a.containerId) throw errors.forbidden();
  return a;
}

export const actions: ActionTable = {
  async create_interviewSlots(ctx, data) {
    const { setId, slots, interviews } = await offer(ctx, [await applicationIn(ctx, data.applicationId)], data);
    return { setId, slots, interviews };
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

  async get_positionInterviewers(ctx, data) {
    const ids = await readersOfPosition(ctx.deps, ctx.resolved.containerId!, data.positionId);
    const users = await usersById(ctx.deps.store, ids);
    const rows = [...users.values()].map((u) => ({ id: u.id, name: `${u.firstname ?? ''} ${u.lastname ?? ''}`.trim() || u.email, email: u.email }));
    return { rows: rows.sort((a, b) => a.name.localeCompare(b.name, 'sv')) };
  },

  get_myCalendarFeed: (ctx) => feedSettings(ctx.deps, ctx.principal.userId),
  renew_myCalendarFeed: (ctx, data) => renewFeed(ctx.deps, ctx.principal.userId, data.showNames),
  update_myCalendarFeed: (ctx, data) => setFeedNames(ctx.deps, ctx.principal.userId, data.showNames),
  delete_myCalendarFeed: (ctx) => revokeFeed(ctx.deps, ctx.principal.userId),
};
