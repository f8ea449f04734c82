import { randomBytes } from 'node:crypto';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ErrorDetail } from '../../../engine/error-details';
import { formatStockholmAppointment, formatStockholmDateTime } from '../../../engine/dates';
import { fill } from '../../../engine/fill';
import { sha256 } from '../../auth/signin';
import type { ServerDeps } from '../../base/deps';
import { errors } from '../../errors';
import { DuplicateKeyError } from '../../store/port';
import { hasAccess } from '../accounts/access';
import type { ApplicationDoc, PositionDoc } from '../core/docs';
import { sendOffer } from './interview-mail';
import { blocksOf, BLOCK_SECONDS, claimsOf, interviewsOf, slotsOf, type InterviewDoc, type SlotDoc, type TimeClaim } from './store';

const t = sv.interviews;

export interface OfferInput {
  slots: { start: number; minutes: number }[];
  interviewers: number[];
  place?: string;
  videoUrl?: string;
  note?: string;
  /** Until when a time can be booked; default: the last time's start. */
  expires?: number;
}

interface Staff {
  id: number;
  name: string;
  email: string;
}

interface UserDoc {
  [k: string]: unknown;
  id: number;
  email: string;
  firstname?: string;
  lastname?: string;
}

const nameOf = (u: Pick<UserDoc, 'firstname' | 'lastname' | 'email'>) => `${u.firstname ?? ''} ${u.lastname ?? ''}`.trim() || u.email;

/** The refusals of the times themselves (past, length, alignment, overlap within the offer). */
function checkTimes(now: number, slots: OfferInput['slots']): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  slots.forEach((s, i) => {
    if (s.start <= now) problems.push({ path: `/slots/${i}/start`, message: t.inPast });
    else if (s.start % BLOCK_SECONDS !== 0) problems.push({ path: `/slots/${i}/start`, message: t.aligned });
    if (s.minutes < 5 || s.minutes > 480 || s.minutes % 5 !== 0) problems.push({ path: `/slots/${i}/minutes`, message: t.minutes });
  });
  const sorted = slots.map((s, i) => ({ ...s, i })).sort((a, b) => a.start - b.start);
  for (let k = 1; k < sorted.length; k += 1) {
    const prev = sorted[k - 1]!;
    if (sorted[k]!.start < prev.start + prev.minutes * 60) problems.push({ path: `/slots/${sorted[k]!.i}/start`, message: t.overlapSelf });
  }
  return problems;
}

/** The interviewers as accounts, each with at least a right to read the position. */
async function interviewersOf(deps: ServerDeps, p: PositionDoc, ids: number[]): Promise<UserDoc[]> {
  const users = await deps.store.collection<UserDoc>('users').find({ id: { $in: ids } });
  const problems: ErrorDetail[] = [];
  for (const [i, id] of ids.entries()) {
    const u = users.find((x) => x.id === id);
    const principal = { userId: id, email: u?.email ?? '', givenName: '', familyName: '', isOdin: false };
    if (!u || !(await hasAccess(deps, principal, 'read', 'position', { positionId: p.id }))) {
      problems.push({ path: `/interviewers/${i}`, message: fill(t.noRight, { name: u ? nameOf(u) : String(id) }) });
    }
  }
  if (problems.length) throw errors.invalid(problems, problems[0]!.message);
  return ids.map((id) => users.find((u) => u.id === id)!);
}

/** Whether a claim's slot still holds its time (not cancelled, expired or gone). */
async function isLive(deps: ServerDeps, slotId: number): Promise<boolean> {
  const s = await slotsOf(deps).findOne({ id: slotId }, { projection: { status: 1 } });
  return s?.status === 'open' || s?.status === 'booked';
}

/**
 * Takes every interviewer's blocks of every time, or none: a unique key per (user, block)
 * makes the second of two overlapping offers fail on any store and instance. A block held by
 * a slot that no longer lives is cleared and the claim tried once more.
 */
async function claimTimes(deps: ServerDeps, setId: number, slots: SlotDoc[], people: UserDoc[]): Promise<void> {
  const claims: TimeClaim[] = slots.flatMap((s) =>
    s.interviewers.flatMap((userId) => blocksOf(s.start, s.minutes).map((block) => ({ key: `${userId}:${block}`, userId, block, slotId: s.id, setId }))),
  );
  for (let attempt = 0; ; attempt += 1) {
    try {
      await claimsOf(deps).insertMany(claims.map((c) => ({ ...c })));
      return;
    } catch (err) {
      await claimsOf(deps).deleteMany({ setId });
      if (!(err instanceof DuplicateKeyError)) throw err;
      const held = await claimsOf(deps).find({ key: { $in: claims.map((c) => c.key) } });
      const stale: string[] = [];
      for (const h of held) if (!(await isLive(deps, h.slotId))) stale.push(h.key);
      if (attempt === 0 && stale.length && stale.length === held.length) {
        await claimsOf(deps).deleteMany({ key: { $in: stale } });
        continue;
      }
      const first = held.find((h) => !stale.includes(h.key)) ?? held[0];
      const who = people.find((u) => u.id === first?.userId);
      const slot = slots.find((s) => s.id === claims.find((c) => c.key === first?.key)?.slotId) ?? slots[0]!;
      const message = fill(t.busy, { name: who ? nameOf(who) : '', time: formatStockholmDateTime(slot.start) });
      throw errors.conflict(message, [{ path: `/slots/${slots.indexOf(slot)}/start`, message }]);
    }
  }
}

/**
 * Offers times to one or more applications of one position (create_interviewSlots): checks
 * the times and the interviewers, holds the interviewers' time, stores the slots and one
 * interview per application, and mails each applicant their own booking link. Nothing is
 * stored when anything is refused.
 */
export async function offerInterviews(deps: ServerDeps, by: Staff, p: PositionDoc, apps: ApplicationDoc[], input: OfferInput) {
  const now = deps.now();
  const problems = checkTimes(now, input.slots);
  if (!input.place?.trim() && !input.videoUrl?.trim()) problems.push({ path: '/place', message: t.placeOrVideo });
  if (problems.length) throw errors.invalid(problems, problems[0]!.message);
  const ids = [...new Set(input.interviewers)];
  const people = await interviewersOf(deps, p, ids);
  const setId = await deps.store.nextSequence('interviewSlotSets');
  const slots: SlotDoc[] = [];
  for (const s of [...input.slots].sort((a, b) => a.start - b.start)) {
    slots.push({
      id: await deps.store.nextSequence('interviewSlots'),
      setId,
      containerId: p.containerId,
      positionId: p.id,
      start: s.start,
      minutes: s.minutes,
      interviewers: ids,
      ...(input.place?.trim() ? { place: input.place.trim() } : {}),
      ...(input.videoUrl?.trim() ? { videoUrl: input.videoUrl.trim() } : {}),
      ...(input.note?.trim() ? { note: input.note.trim() } : {}),
      status: 'open',
      createdBy: by.id,
      created: now,
    });
  }
  await claimTimes(deps, setId, slots, people);
  await slotsOf(deps).insertMany(slots);
  const expires = input.expires ?? slots[slots.length - 1]!.start;
  const offered: { interview: InterviewDoc; token: string; app: ApplicationDoc }[] = [];
  for (const a of apps) {
    const token = randomBytes(32).toString('base64url');
    const id = await deps.store.nextSequence('interviews');
    const interview: InterviewDoc = {
      id,
      containerId: a.containerId,
      positionId: p.id,
      applicationId: a.id,
      // The level it is offered at picks the interview kit (applicants/interview-kits.ts).
      ...(a.processLabelId ? { processLabelId: a.processLabelId } : {}),
      setId,
      tokenHash: sha256(token),
      expires,
      status: 'waiting',
      uid: `intervju-${id}-${randomBytes(6).toString('hex')}@blankett`,
      sequence: 0,
      createdBy: by.id,
      created: now,
      updated: now,
    };
    await interviewsOf(deps).insertOne(interview);
    const log = { at: now, what: 'interview', by: by.name, text: fill(t.logOffered, { count: String(slots.length) }) };
    await deps.store.collection<ApplicationDoc>('applications').updateOne({ id: a.id }, { $push: { logs: log } });
    offered.push({ interview, token, app: a });
  }
  for (const o of offered) await sendOffer(deps, p, o.app, o.token, formatStockholmAppointment(expires));
  return {
    setId,
    slots: slots.map((s) => ({ id: s.id, start: s.start, minutes: s.minutes })),
    interviews: offered.map((o) => ({ id: o.interview.id, applicationId: o.app.id })),
  };
}
