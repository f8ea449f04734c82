import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionAnswer, ActionData } from '../../../schemas/generated/actions';
import type { Scorecard } from '../../../schemas/generated/entities';
import { fill } from '../../../engine/fill';
import type { ServerDeps } from '../../base/deps';
import { errors } from '../../errors';
import { DuplicateKeyError, type Doc, type Filter } from '../../store/port';
import type { ApplicationDoc, LogEntry, PositionDoc } from '../core/docs';
import { interviewsOf } from '../interviews/store';
import { checkedCriteria, refuse } from './criteria-list';
import { kitFor } from './interview-kits';

/**
 * Scorecards (issue 17 item 2). Each staff member with a right on the position rates an
 * application once (one `scorecards` document per application and rater, unique), 1–5 per
 * criterion of the position and an overall Ja / Kanske / Nej. The application carries the
 * aggregate the list and board sort and filter by (`ratingAvg`, `ratingCount`, `ratedBy`),
 * rewritten from the scorecards under a revision check so two raters saving at once cannot
 * leave a stale average. Others' scorecards and the average are answered only to a caller
 * who has saved their own, so the first opinion does not steer the rest.
 *
 * Issue 30 item 2: a scorecard may rate one interview of the application (`interviewId`; 0 is
 * the application's own), on the criteria of the interview kit of its process level, under
 * the same rule within that interview. The application's aggregate counts every scorecard.
 */

const m = sv.scorecards.server;

/** A criterion as get_applicantScorecards answers it. */
type Criterion = ActionAnswer['get_applicantScorecards']['criteria'][number];

/** Stored as the entity schema says (schemas/entities/scorecard.json). */
type ScorecardDoc = Scorecard & Doc;
type ScoreDoc = Scorecard['scores'][number];

interface CriteriaDoc {
  [k: string]: unknown;
  positionId: number;
  containerId: number;
  criteria: Criterion[];
  updated: number;
}

/** The rating fields of an application (absent until someone rates it). */
type RatingFields = Pick<ApplicationDoc, 'ratingAvg' | 'ratingCount' | 'ratedBy'>;

type View = ActionAnswer['get_applicantScorecards'];

const cards = (deps: ServerDeps) => deps.store.collection<ScorecardDoc>('scorecards');
const stored = (deps: ServerDeps) => deps.store.collection<CriteriaDoc>('scoreCriteria');
const round2 = (n: number) => Math.round(n * 100) / 100;
const mean = (list: number[]) => round2(list.reduce((s, x) => s + x, 0) / list.length);
const plain = (html: string) => html.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();

/**
 * The default criteria from the ad: the skills the position asks about, then the children of
 * its form's requirements block ('Meriterande', key `requirementsform`); 'Helhetsintryck'
 * when it has neither. Ids are derived from what they come from, so they stay stable.
 */
async function defaultCriteria(deps: ServerDeps, p: PositionDoc): Promise<Criterion[]> {
  const attached = await deps.store.collection('positionSkills').find({ positionId: p.id }, { projection: { skillId: 1 } });
  const skills = attached.length
    ? await deps.store
        .collection<{ id: number; name: string }>('skills')
        .find({ containerId: p.containerId, id: { $in: attached.map((r) => r.skillId as number) } }, { sort: { name: 1 }, projection: { id: 1, name: 1 } })
    : [];
  const group = (p.metadata ?? []).find((f) => f.key === 'requirementsform');
  const childKeys = Array.isArray(group?.data) ? (group.data as unknown[]).filter((k): k is string => typeof k === 'string') : [];
  const requirements = childKeys
    .map((k) => (p.metadata ?? []).find((f) => f.key === k))
    .filter((f): f is NonNullable<typeof f> => !!f)
    .map((f) => ({ id: `req-${f.key}`, name: plain(f.label ?? '') || f.key }));
  const list = [...skills.map((s) => ({ id: `skill-${s.id}`, name: s.name })), ...requirements];
  return list.length ? list.slice(0, 20) : [{ id: 'overall', name: m.defaultCriterion }];
}

/** The position's criteria: the writers' list, else the default from the ad. */
export async function criteriaOf(deps: ServerDeps, p: PositionDoc): Promise<{ criteria: Criterion[]; isDefault: boolean }> {
  const own = await stored(deps).findOne({ positionId: p.id });
  if (own?.criteria.length) return { criteria: own.criteria, isDefault: false };
  return { criteria: await defaultCriteria(deps, p), isDefault: true };
}

/** Sets the position's criteria (writers); an empty list goes back to the default. */
export async function saveCriteria(deps: ServerDeps, p: PositionDoc, input: { id?: string; name: string }[]) {
  if (input.length === 0) {
    await stored(deps).deleteMany({ positionId: p.id });
    return criteriaOf(deps, p);
  }
  const current = await criteriaOf(deps, p);
  const criteria = checkedCriteria(input, new Set(current.criteria.map((c) => c.id)));
  await stored(deps).updateOne({ positionId: p.id }, { $set: { positionId: p.id, containerId: p.containerId, criteria, updated: deps.now() } }, { upsert: true });
  return { criteria, isDefault: false };
}

function cardOf(d: ScorecardDoc): View['others'][number] {
  return {
    raterId: d.raterId,
    raterName: d.raterName,
    scores: d.scores.map((s) => ({ criterionId: s.criterionId, name: s.name, score: s.score, ...(s.comment ? { comment: s.comment } : {}) })),
    overall: d.overall,
    ...(d.comment ? { comment: d.comment } : {}),
    average: d.average,
    updated: d.updated,
  };
}

/** What a scorecard rates: the application itself (interviewId 0) or one of its interviews, on these criteria. */
interface Target {
  interviewId: number;
  criteria: Criterion[];
  /** An interview's: the kit's questions, and whether it is booked (only a booked one is rated). */
  questions?: string[];
  booked?: boolean;
}

/** The application's own scorecards (interviewId 0, absent in older ones) or one interview's. */
const cardsOf = (applicationId: number, interviewId: number): Filter =>
  interviewId ? { applicationId, interviewId } : { applicationId, $or: [{ interviewId: 0 }, { interviewId: { $exists: false } }] };

/**
 * The target of a call: the application's own scorecards, or those of its interview
 * `interviewId` (404 when not the application's) on its kit's criteria (else the position's).
 */
export async function targetOf(deps: ServerDeps, p: PositionDoc, a: Pick<ApplicationDoc, 'id' | 'processLabelId'>, interviewId?: number): Promise<Target> {
  if (interviewId === undefined) return { interviewId: 0, criteria: (await criteriaOf(deps, p)).criteria };
  const interview = await interviewsOf(deps).findOne({ id: interviewId, applicationId: a.id });
  if (!interview) throw errors.notFound(sv.interviews.interviewGone);
  const level = interview.processLabelId ?? a.processLabelId;
  const kit = level ? await kitFor(deps, p.id, level) : null;
  const criteria = kit?.criteria.length ? kit.criteria : (await criteriaOf(deps, p)).criteria;
  return { interviewId, criteria, questions: kit?.questions ?? [], booked: interview.status === 'booked' };
}

/** The target's scorecards as `viewerId` may see them (the hiding rule lives here). */
export async function scorecardsView(deps: ServerDeps, target: Target, applicationId: number, viewerId: number): Promise<View> {
  const list = await cards(deps).find(cardsOf(applicationId, target.interviewId), { sort: { id: 1 } });
  const mine = list.find((c) => c.raterId === viewerId);
  const others = list.filter((c) => c.raterId !== viewerId);
  return {
    criteria: target.criteria,
    ...(target.questions ? { questions: target.questions } : {}),
    mine: mine ? cardOf(mine) : null,
    others: mine ? others.map(cardOf) : [],
    count: list.length,
    average: mine ? mean(list.map((c) => c.average)) : null,
    hidden: mine ? 0 : others.length,
  };
}

/** What the list and the board show of an application's rating to `viewerId`. */
export function ratingFor(a: RatingFields, viewerId: number): { count: number; average: number | null } {
  const count = a.ratingCount ?? 0;
  const seen = (a.ratedBy ?? []).includes(viewerId);
  return { count, average: seen && typeof a.ratingAvg === 'number' ? a.ratingAvg : null };
}

type ScorecardInput = Omit<ActionData['upsert_applicantScorecard'], 'id'>;

/** The scores checked against the position's current criteria: each once, every one rated. */
function scoresOf(criteria: Criterion[], input: ScorecardInput['scores']): ScoreDoc[] {
  const byId = new Map(criteria.map((c) => [c.id, c]));
  const seen = new Set<string>();
  const out = input.map((s, i) => {
    const c = byId.get(s.criterionId);
    if (!c) refuse(`/scores/${i}/criterionId`, m.unknownCriterion);
    if (seen.has(c.id)) refuse(`/scores/${i}/criterionId`, m.duplicateCriterion);
    seen.add(c.id);
    const comment = s.comment?.trim();
    return { criterionId: c.id, name: c.name, score: s.score, ...(comment ? { comment } : {}) };
  });
  const missing = criteria.find((c) => !seen.has(c.id));
  if (missing) refuse('/scores', fill(m.missingCriterion, { name: missing.name }));
  return out;
}

/**
 * Rewrites the application's rating from its scorecards, under a revision check (retried),
 * and appends `log` in the same write. False when the application is gone.
 */
async function recount(deps: ServerDeps, applicationId: number, log: LogEntry): Promise<boolean> {
  const apps = deps.store.collection<ApplicationDoc>('applications');
  for (let round = 0; round < 8; round++) {
    // The revision is read before the scorecards: a save that lands after this read also
    // moves the revision, so this round's write then fails and is done again.
    const a = await apps.findOne({ id: applicationId }, { projection: { id: 1, ratingRev: 1 } });
    if (!a) return false;
    const list = await cards(deps).find({ applicationId }, { projection: { raterId: 1, average: 1 } });
    const rev = a.ratingRev;
    const set = list.length
      ? { ratingAvg: mean(list.map((c) => c.average)), ratingCount: list.length, ratedBy: [...new Set(list.map((c) => c.raterId))], ratingRev: (rev ?? 0) + 1 }
      : { ratingRev: (rev ?? 0) + 1 };
    const done = await apps.updateOne({ id: applicationId, ratingRev: rev === undefined ? { $exists: false } : rev }, { $set: set, $push: { logs: log } });
    if (done) return true;
  }
  throw errors.conflict(m.busy);
}

/**
 * Saves the rater's scorecard (a new one, or their own edited) and the application's
 * rating. An application deleted meanwhile: 404 and the scorecard is taken back.
 */
export async function saveScorecard(
  deps: ServerDeps,
  target: Target,
  a: Pick<ApplicationDoc, 'id' | 'containerId' | 'positionId'>,
  rater: { id: number; name: string },
  input: ScorecardInput,
): Promise<View> {
  if (target.booked === false) throw errors.conflict(m.interviewNotBooked);
  const scores = scoresOf(target.criteria, input.scores);
  const now = deps.now();
  const comment = input.comment?.trim();
  const { interviewId } = target;
  // Saved with its interview (0: the application's own), which also gives an older card of its own the field.
  const fields = { interviewId, scores, overall: input.overall, average: mean(scores.map((s) => s.score)), updated: now, ...(comment ? { comment } : {}) };
  const unset = comment ? {} : { $unset: { comment: true as const } };
  const col = cards(deps);
  const own = { ...cardsOf(a.id, interviewId), raterId: rater.id };
  let existed = !!(await col.updateOne(own, { $set: { ...fields, raterName: rater.name }, ...unset }));
  if (!existed) {
    try {
      await col.insertOne({ id: await deps.store.nextSequence('scorecards'), containerId: a.containerId, positionId: a.positionId, applicationId: a.id, raterId: rater.id, raterName: rater.name, created: now, ...fields });
    } catch (err) {
      // The same rater saving twice at once: the other save made it; this one edits it.
      if (!(err instanceof DuplicateKeyError)) throw err;
      // None to edit: a unique index of another shape refused it (a store indexed before issue 30's interviewId); refused, never lost in silence.
      if (!(await col.updateOne(own, { $set: { ...fields, raterName: rater.name }, ...unset }))) throw errors.conflict(m.busy);
      existed = true;
    }
  }
  const text = interviewId ? (existed ? m.logInterviewUpdated : m.logInterviewSaved) : existed ? m.logUpdated : m.logSaved;
  const log: LogEntry = { at: now, what: 'scorecard', by: rater.name, text };
  if (!(await recount(deps, a.id, log))) {
    // Deleted meanwhile: nothing of this rating is left behind (idempotent delete by filter).
    await col.deleteMany({ applicationId: a.id });
    throw errors.notFound(m.applicationGone);
  }
  return scorecardsView(deps, target, a.id, rater.id);
}
