import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { formatStockholmDateTime } from '../../../engine/dates';
import { fill } from '../../../engine/fill';
import { sha256 } from '../../auth/signin';
import type { ServerDeps } from '../../base/deps';
import { errors, HttpError } from '../../errors';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import { bookingUrl, myPagesUrl, sendInvitations } from './interview-mail';
import { interviewsOf, releaseSlot, slotsOf, type InterviewDoc, type SlotDoc } from './store';

/**
 * Booking (issue 30 item 1). The applicant's link names their interview by a token (its hash
 * is stored). Taking a time is one conditional update of the slot (`status: 'open'` → booked
 * by this interview), so of two applicants for the last time exactly one wins and the other
 * is told at once; then the interview moves to the slot under a check of the slot it held,
 * and the time it held (a new booking) is opened again. Every change sends the invitation
 * with SEQUENCE raised; a cancellation sends CANCEL.
 */

const t = sv.interviews;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const refuse = (status: number, code: string, message: string) => new HttpError(status, code, message);

const applicationOf = (deps: ServerDeps, id: number) => deps.store.collection<ApplicationDoc>('applications').findOne({ id });

/** The interview of a link with its application; refused in Swedish when the link no longer leads anywhere. */
async function interviewOf(deps: ServerDeps, token: string): Promise<{ interview: InterviewDoc; a: ApplicationDoc }> {
  const interview = TOKEN.test(token) ? await interviewsOf(deps).findOne({ tokenHash: sha256(token) }) : null;
  const a = interview ? await applicationOf(deps, interview.applicationId) : null;
  if (!interview || !a) throw refuse(404, 'link_unknown', t.linkUnknown);
  if (interview.status === 'cancelled' && interview.cancelledBy === 'staff') throw refuse(410, 'interview_cancelled', t.withdrawnByStaff);
  return { interview, a };
}

const slotView = (s: SlotDoc) => ({ id: s.id, start: s.start, minutes: s.minutes });

/** What the booking page and Mina sidor show of one interview: the booked time (if any) and the times still open. */
async function viewOf(deps: ServerDeps, interview: InterviewDoc) {
  const now = deps.now();
  const [p, c, slots] = await Promise.all([
    deps.store.collection<PositionDoc>('positions').findOne({ id: interview.positionId }, { projection: { name: 1 } }),
    deps.store.collection<ContainerDoc>('containers').findOne({ id: interview.containerId }, { projection: { name: 1, displayName: 1 } }),
    slotsOf(deps).find({ setId: interview.setId }, { sort: { start: 1 } }),
  ]);
  const booked = interview.status === 'booked' ? slots.find((s) => s.id === interview.slotId) : undefined;
  const open = interview.expires > now ? slots.filter((s) => s.status === 'open' && s.start > now) : [];
  return {
    position: p?.name ?? '',
    company: c ? c.displayName || c.name : '',
    status: interview.status,
    expired: !booked && interview.expires <= now,
    booked: booked ? { ...slotView(booked), place: booked.place ?? null, videoUrl: booked.videoUrl ?? null, past: booked.start <= now } : null,
    slots: open.map(slotView),
  };
}

/** What the booking page shows; an offer that ran out unbooked is refused in Swedish. */
export async function bookingView(deps: ServerDeps, token: string) {
  const { interview } = await interviewOf(deps, token);
  const { expired, ...view } = await viewOf(deps, interview);
  if (expired) throw refuse(410, 'link_expired', t.linkExpired);
  return view;
}

/** Frees a slot an interview held: open again while it is ahead and its offer lives, else expired. */
async function freeSlot(deps: ServerDeps, slotId: number, interviewId: number): Promise<void> {
  const s = await slotsOf(deps).updateOne({ id: slotId, bookedBy: interviewId }, { $set: { status: 'open' }, $unset: { bookedBy: true } });
  if (s && s.start <= deps.now()) {
    await slotsOf(deps).updateOne({ id: slotId, status: 'open' }, { $set: { status: 'expired' } });
    await releaseSlot(deps, slotId);
  }
}

const setInterviewAt = (deps: ServerDeps, applicationId: number, start: number | undefined) =>
  deps.store.collection<ApplicationDoc>('applications').updateOne({ id: applicationId }, start === undefined ? { $unset: { interviewAt: true } } : { $set: { interviewAt: start } });

/** Books (or moves to) `slotId` for the link's interview. */
export async function book(deps: ServerDeps, token: string, slotId: number) {
  const { interview, a } = await interviewOf(deps, token);
  await bookInterview(deps, interview, a, slotId, bookingUrl(deps, token));
  return bookingView(deps, token);
}

/**
 * Books (or moves to) `slotId` for one interview: from the booking link or from Mina sidor.
 * `link` is where the applicant's invitation says they can book again or cancel.
 */
async function bookInterview(deps: ServerDeps, interview: InterviewDoc, a: ApplicationDoc, slotId: number, link: string): Promise<void> {
  const now = deps.now();
  if (interview.expires <= now) throw refuse(410, 'link_expired', t.linkExpired);
  if (interview.slotId === slotId && interview.status === 'booked') return;
  const taken = await slotsOf(deps).updateOne({ id: slotId, setId: interview.setId, status: 'open', start: { $gt: now } }, { $set: { status: 'booked', bookedBy: interview.id } });
  if (!taken) {
    const exists = await slotsOf(deps).count({ id: slotId, setId: interview.setId });
    throw exists ? refuse(409, 'slot_taken', t.slotTaken) : refuse(404, 'slot_gone', t.slotGone);
  }
  const previous = interview.status === 'booked' ? interview.slotId : undefined;
  const moved = await interviewsOf(deps).updateOne(
    { id: interview.id, status: interview.status, sequence: interview.sequence },
    {
      $set: { status: 'booked', slotId, start: taken.start, minutes: taken.minutes, sequence: interview.sequence + (interview.status === 'waiting' ? 0 : 1), updated: now },
      $unset: { cancelledBy: true, reminded: true },
    },
  );
  if (!moved) {
    // Another change of this interview came first (a second tab): give the time back.
    await freeSlot(deps, slotId, interview.id);
    throw errors.conflict();
  }
  if (previous !== undefined) await freeSlot(deps, previous, interview.id);
  await setInterviewAt(deps, a.id, taken.start);
  const log = { at: now, what: 'interview', text: fill(t.logBooked, { time: formatStockholmDateTime(taken.start) }) };
  await deps.store.collection<ApplicationDoc>('applications').updateOne({ id: a.id }, { $push: { logs: log } });
  await sendInvitations(deps, moved.sequence === 0 ? 'booked' : 'moved', moved, taken, a, link);
}

/** Cancels a booked interview: the time opens again and everyone gets METHOD:CANCEL. */
async function cancel(deps: ServerDeps, interview: InterviewDoc, a: ApplicationDoc, by: 'applicant' | 'staff', who?: string): Promise<void> {
  const now = deps.now();
  const done = await interviewsOf(deps).updateOne(
    { id: interview.id, sequence: interview.sequence, status: interview.status },
    { $set: { status: 'cancelled', cancelledBy: by, sequence: interview.sequence + 1, updated: now }, $unset: { slotId: true, start: true, minutes: true } },
  );
  if (!done) throw errors.conflict();
  const slot = interview.slotId !== undefined ? await slotsOf(deps).findOne({ id: interview.slotId }) : null;
  if (slot) await freeSlot(deps, slot.id, interview.id);
  await setInterviewAt(deps, a.id, undefined);
  await deps.store.collection<ApplicationDoc>('applications').updateOne({ id: a.id }, { $push: { logs: { at: now, what: 'interview', ...(who ? { by: who } : {}), text: t.logCancelled } } });
  if (slot && interview.status === 'booked') await sendInvitations(deps, 'cancelled', done, slot, a);
  if (by === 'staff') await closeSetIfDone(deps, interview.setId);
}

/** When no interview of a set waits or is booked any more, its open times are cancelled and the interviewers' time given back. */
async function closeSetIfDone(deps: ServerDeps, setId: number): Promise<void> {
  if (await interviewsOf(deps).count({ setId, status: { $in: ['waiting', 'booked'] } })) return;
  for (const s of await slotsOf(deps).find({ setId, status: 'open' }, { projection: { id: 1 } })) {
    if (await slotsOf(deps).updateOne({ id: s.id, status: 'open' }, { $set: { status: 'cancelled' } })) await releaseSlot(deps, s.id);
  }
}

/** The applicant cancels from the link ('Avboka'). */
export async function cancelByLink(deps: ServerDeps, token: string) {
  const { interview, a } = await interviewOf(deps, token);
  await cancelByApplicant(deps, interview, a);
  return { cancelled: true };
}

async function cancelByApplicant(deps: ServerDeps, interview: InterviewDoc, a: ApplicationDoc): Promise<void> {
  if (interview.status !== 'booked') throw refuse(409, 'not_booked', t.notBooked);
  await cancel(deps, interview, a, 'applicant');
}

/**
 * The applicant's own interviews on Mina sidor (the caller has shown the application is theirs):
 * each one not called off by the employer, as the booking page shows it, newest first.
 */
export async function myInterviews(deps: ServerDeps, a: ApplicationDoc) {
  const list = await interviewsOf(deps).find({ applicationId: a.id }, { sort: { id: -1 } });
  return Promise.all(list.filter((i) => !(i.status === 'cancelled' && i.cancelledBy === 'staff')).map(async (i) => ({ id: i.id, ...(await viewOf(deps, i)) })));
}

/** One interview of the applicant's own application, as the booking link would lead to it. */
async function myInterview(deps: ServerDeps, a: ApplicationDoc, interviewId: number): Promise<InterviewDoc> {
  const interview = await interviewsOf(deps).findOne({ id: interviewId, applicationId: a.id });
  if (!interview) throw refuse(404, 'link_unknown', t.interviewGone);
  if (interview.status === 'cancelled' && interview.cancelledBy === 'staff') throw refuse(410, 'interview_cancelled', t.withdrawnByStaff);
  return interview;
}

/** 'Boka om' on Mina sidor: the same booking as the link's, the invitation pointing to Mina sidor. */
export async function bookMine(deps: ServerDeps, a: ApplicationDoc, interviewId: number, slotId: number): Promise<void> {
  await bookInterview(deps, await myInterview(deps, a, interviewId), a, slotId, myPagesUrl(deps, a.containerId));
}

/** 'Avboka' on Mina sidor: the same cancellation as the link's. */
export async function cancelMine(deps: ServerDeps, a: ApplicationDoc, interviewId: number): Promise<void> {
  await cancelByApplicant(deps, await myInterview(deps, a, interviewId), a);
}

/** Staff cancel an interview (booked or not) from the applicant page; the link then says so. */
export async function cancelByStaff(deps: ServerDeps, interviewId: number, containerId: number | undefined, who: string) {
  const interview = await interviewsOf(deps).findOne({ id: interviewId });
  if (!interview || (containerId !== undefined && interview.containerId !== containerId)) throw errors.notFound(t.interviewGone);
  const a = await applicationOf(deps, interview.applicationId);
  if (!a) throw errors.notFound(t.interviewGone);
  if (interview.status === 'cancelled' && interview.cancelledBy === 'staff') return { cancelled: true };
  await cancel(deps, interview, a, 'staff', who);
  return { cancelled: true };
}

/** An application's interviews for the applicant page (newest first) with their times. */
export async function interviewsOfApplication(deps: ServerDeps, applicationId: number) {
  const list = await interviewsOf(deps).find({ applicationId }, { sort: { id: -1 } });
  const slots = list.length ? await slotsOf(deps).find({ setId: { $in: [...new Set(list.map((i) => i.setId))] } }, { sort: { start: 1 } }) : [];
  return list.map((i) => {
    const set = slots.filter((s) => s.setId === i.setId);
    const first = set[0];
    return {
      id: i.id,
      status: i.status,
      ...(i.cancelledBy ? { cancelledBy: i.cancelledBy } : {}),
      start: i.start ?? null,
      minutes: i.minutes ?? null,
      place: first?.place ?? null,
      videoUrl: first?.videoUrl ?? null,
      interviewers: first?.interviewers ?? [],
      expires: i.expires,
      offered: set.map(slotView),
    };
  });
}
