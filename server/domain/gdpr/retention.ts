import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { CreateLegalHoldAnswer } from '../../../schemas/generated/actions';
import { fill } from '../../../engine/fill';
import type { ServerDeps } from '../../base/deps';
import { errors } from '../../errors';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import { recordEvent } from '../core/events';
import { enqueueApplicationEvents } from '../webhooks/outbox';
import { applicationsOnly } from './personal';
import { removeConversationsLeft, removePerson } from './removal';
import { PERIOD_MAX, PERIOD_MIN, RETENTION_DEFAULT, retentionOf } from './periods';
import type { Filter } from '../../store/port';

/**
 * Retention by purpose (issue 28 item 1). Each organisation keeps applications a number of
 * months after its recruitment closes (`retentionMonths`, 6–36, default 24): an application is
 * due at max(the position's stop, the application) + the period when the position has closed,
 * and at the application + the period while the position is still open (an open-ended, running
 * ad counts from the application). A legal hold on a position (`legalHolds`) stops the clock
 * for its applications until lifted. A week before, the organisation's administrators are told
 * by mail (counts and the position's name only). The event of an erasure holds counts only.
 */

const DAY = 86_400;
const WARN_DAYS = 7;
const s = sv.retention;

/** A period outside 6–36 whole months → 400 with the Swedish rule at the field. */
function checkMonths(months: number, path: string): void {
  if (!Number.isInteger(months) || months < PERIOD_MIN || months > PERIOD_MAX) {
    const message = fill(s.range, { min: String(PERIOD_MIN), max: String(PERIOD_MAX) });
    throw errors.invalid([{ path, message }], message);
  }
}

/** Unix seconds `months` calendar months before `now` (UTC). */
/** Sets the organisation's retention period and, when given, its talent-pool period (each checked first). */
export async function setRetentionMonths(deps: ServerDeps, containerId: number, retentionMonths: number, talentPoolMonths?: number): Promise<void> {
  checkMonths(retentionMonths, '/retentionMonths');
  if (talentPoolMonths !== undefined) checkMonths(talentPoolMonths, '/talentPoolMonths');
  const set = { retentionMonths, ...(talentPoolMonths !== undefined ? { talentPoolMonths } : {}) };
  if (!(await deps.store.collection<ContainerDoc>('containers').updateOne({ id: containerId }, { $set: set }))) throw errors.notFound();
}

export function monthsBefore(now: number, months: number): number {
  const d = new Date(now * 1000);
  d.setUTCMonth(d.getUTCMonth() - months);
  return Math.floor(d.getTime() / 1000);
}

/** A hold as stored: create_legalHold's answer (generated) without the position's name, with its organisation. */
export type LegalHoldDoc = Omit<CreateLegalHoldAnswer, 'positionName'> & { [k: string]: unknown; containerId: number };

const holds = (deps: ServerDeps) => deps.store.collection<LegalHoldDoc>('legalHolds');

/** The positions of the container under a hold now. */
async function heldPositions(deps: ServerDeps, containerId: number): Promise<number[]> {
  const live = await holds(deps).find({ containerId, liftedAt: { $exists: false } }, { projection: { positionId: 1 } });
  return [...new Set(live.map((h) => h.positionId))];
}

/** Sets a hold on a position: who and why are logged; a second hold on a held position → 409. */
export async function setLegalHold(deps: ServerDeps, position: Pick<PositionDoc, 'id' | 'containerId'>, reason: string, by: number): Promise<LegalHoldDoc> {
  if ((await holds(deps).count({ positionId: position.id, liftedAt: { $exists: false } })) > 0) throw errors.conflict(s.holdAlready);
  const doc: LegalHoldDoc = { id: await deps.store.nextSequence('legalHolds'), containerId: position.containerId, positionId: position.id, reason, by, at: deps.now() };
  await holds(deps).insertOne(doc);
  return doc;
}

/** Lifts the live hold; none (never set, or lifted already) → 409 with a clear Swedish answer. */
export async function liftLegalHold(deps: ServerDeps, positionId: number, reason: string, by: number): Promise<LegalHoldDoc> {
  const live = await holds(deps).findOne({ positionId, liftedAt: { $exists: false } });
  if (!live) throw errors.conflict(s.holdNone);
  const lifted = { liftedAt: deps.now(), liftedBy: by, liftReason: reason };
  // Conditional on still being live: two lifts at once lift it once.
  const n = await holds(deps).updateOne({ id: live.id, liftedAt: { $exists: false } }, { $set: lifted });
  if (!n) throw errors.conflict(s.holdNone);
  return { ...live, ...lifted };
}

/** Every hold of the container, live first, newest first. */
export async function listLegalHolds(deps: ServerDeps, containerId: number): Promise<LegalHoldDoc[]> {
  const all = await holds(deps).find({ containerId }, { projection: { _id: 0 } });
  return all.sort((a, b) => Number(a.liftedAt !== undefined) - Number(b.liftedAt !== undefined) || b.at - a.at);
}

/** Applications of the container due by `at` (unix seconds), outside held positions. */
function dueFilter(positions: PositionDoc[], held: number[], now: number, cutoff: number) {
  // A position that closed after the cut-off keeps its applications until stop + period.
  const waiting = positions.filter((p) => p.stop <= now && p.stop >= cutoff).map((p) => p.id);
  return { created: { $lt: cutoff }, positionId: { $nin: [...held, ...waiting] } };
}

/**
 * The retention job. `months` overrides every organisation's own period (tests, an operator);
 * absent, each organisation's setting rules. Erases in batches through the one removal path,
 * then mails each organisation's administrators about what falls due within a week.
 */
export async function runRetention(deps: ServerDeps, months?: number): Promise<{ applications: number; containers: number; warned: number }> {
  const now = deps.now();
  const apps = deps.store.collection<ApplicationDoc>('applications');
  const containers = await deps.store.collection<ContainerDoc>('containers').find({}, { projection: { id: 1, name: 1, displayName: 1, retentionMonths: 1 } });
  let total = 0;
  let warned = 0;
  const touched = new Set<number>();
  const eraseAll = async (containerId: number, filter: Filter, period: number) => {
    for (;;) {
      const batch = await apps.find(filter, { projection: { id: 1, email: 1, containerId: 1, positionId: 1, interestLabelId: 1, processLabelId: 1 }, limit: 200, sort: { id: 1 } });
      if (!batch.length) break;
      for (const cid of new Set(batch.map((a) => a.containerId))) {
        const mine = batch.filter((a) => a.containerId === cid);
        const ids = mine.map((a) => a.id);
        await removePerson(deps, cid, applicationsOnly(ids));
        await removeConversationsLeft(deps, cid, mine.map((a) => a.email));
        const left = await apps.count({ id: { $in: ids } });
        if (left > 0) throw new Error(`retention could not erase ${left} applications in container ${cid}`);
        // The organisation's systems hear of it as of a staff delete (ids only; issue 29 item 6).
        await enqueueApplicationEvents(deps, 'application.deleted', mine);
        total += mine.length;
        touched.add(cid);
        await recordEvent(deps, { action: 'gdpr_retention', userId: 0, containerId: cid, counts: { applications: mine.length, months: period } });
      }
    }
    return containerId;
  };
  for (const c of containers) {
    const period = months ?? retentionOf(c);
    const positions = await deps.store.collection<PositionDoc>('positions').find({ containerId: c.id }, { projection: { id: 1, stop: 1, name: 1 } });
    const held = await heldPositions(deps, c.id);
    await eraseAll(c.id, { containerId: c.id, ...dueFilter(positions, held, now, monthsBefore(now, period)) }, period);
    warned += await warnAdministrators(deps, c, positions, held, period);
  }
  // Applications of an organisation no longer stored (left behind by an interrupted removal): from the application, on the default period.
  const orphanPeriod = months ?? RETENTION_DEFAULT;
  await eraseAll(0, { containerId: { $nin: containers.map((c) => c.id) }, created: { $lt: monthsBefore(now, orphanPeriod) } }, orphanPeriod);
  return { applications: total, containers: touched.size, warned };
}

/**
 * Mails the administrators once per position and day of falling due: how many of its
 * applications go within a week, and when. Counts and the position's name only.
 */
async function warnAdministrators(deps: ServerDeps, c: ContainerDoc, positions: PositionDoc[], held: number[], period: number): Promise<number> {
  const now = deps.now();
  const soon = now + WARN_DAYS * DAY;
  const due = await deps.store
    .collection<ApplicationDoc>('applications')
    .find({ containerId: c.id, ...dueFilter(positions, held, soon, monthsBefore(soon, period)) }, { projection: { positionId: 1 } });
  if (!due.length) return 0;
  const perPosition = new Map<number, number>();
  for (const a of due) perPosition.set(a.positionId, (perPosition.get(a.positionId) ?? 0) + 1);
  const notices = deps.store.collection('retentionNotices');
  const admins = await deps.store.collection<{ email?: string }>('memberships').find({ containerId: c.id, permissionIds: 1 }, { projection: { email: 1 } });
  const to = [...new Set(admins.map((m) => m.email).filter((e): e is string => !!e))];
  let sent = 0;
  for (const [positionId, count] of perPosition) {
    const key = `${c.id}:${positionId}:${Math.floor(soon / DAY)}`;
    if ((await notices.count({ key })) > 0) continue;
    await notices.insertOne({ key, containerId: c.id, positionId, count, at: now });
    const name = positions.find((p) => p.id === positionId)?.name ?? '';
    const values = { count: String(count), position: name, date: new Date(soon * 1000).toISOString().slice(0, 10), months: String(period), company: c.displayName || c.name };
    for (const address of to) {
      await deps.mail.send({ to: address, subject: fill(s.warnSubject, values), text: fill(s.warnBody, values) }).catch((err: unknown) => deps.log.error('retention notice failed', { error: (err as Error).name }));
      sent += 1;
    }
  }
  // Notices older than the longest period are no use: keep the collection small.
  await notices.deleteMany({ at: { $lt: now - 40 * 31 * DAY } });
  return sent;
}
