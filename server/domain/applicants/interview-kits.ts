import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionAnswer, ActionData } from '../../../schemas/generated/actions';
import type { ServerDeps } from '../../base/deps';
import type { Doc } from '../../store/port';
import type { ContainerDoc, PositionDoc } from '../core/docs';
import { checkedCriteria, refuse, type Criterion } from './criteria-list';

/**
 * Interview kits (issue 30 item 2): per position and process level, the questions to ask at an
 * interview and the criteria its scorecards rate (none: the position's criteria). One
 * `interviewKits` document per (position, level), unique; edited by the position's writers;
 * removed with the position. An interview takes the kit of the level its application had when
 * the times were offered (`interviews.processLabelId`), so moving the applicant on afterwards
 * does not change what the interview is rated on.
 */

const m = sv.scorecards.server;

interface KitDoc extends Doc {
  positionId: number;
  containerId: number;
  processLabelId: number;
  questions: string[];
  criteria: Criterion[];
  updated: number;
}

type Kits = ActionAnswer['get_positionInterviewKits'];
type KitInput = Omit<ActionData['update_positionInterviewKit'], 'positionId'>;

const kits = (deps: Pick<ServerDeps, 'store'>) => deps.store.collection<KitDoc>('interviewKits');

/** A position's kits, by process level. */
export async function kitsOf(deps: ServerDeps, p: PositionDoc): Promise<Kits> {
  const list = await kits(deps).find({ positionId: p.id }, { sort: { processLabelId: 1 } });
  return { kits: list.map((k) => ({ processLabelId: k.processLabelId, questions: k.questions, criteria: k.criteria })) };
}

/** The kit of one level of a position, or null. */
export function kitFor(deps: ServerDeps, positionId: number, processLabelId: number): Promise<KitDoc | null> {
  return kits(deps).findOne({ positionId, processLabelId });
}

/** Sets (or, with both lists empty, removes) the kit of one process level of the position. */
export async function saveKit(deps: ServerDeps, p: PositionDoc, c: Pick<ContainerDoc, 'labels'>, input: KitInput): Promise<Kits> {
  if (!(c.labels ?? []).some((l) => l.id === input.processLabelId && l.labelType === 'Process')) refuse('/processLabelId', m.kitLevelUnknown);
  const questions = input.questions.map((q, i) => {
    const text = q.replace(/\s+/g, ' ').trim();
    if (!text) refuse(`/questions/${i}`, m.questionEmpty);
    return text;
  });
  const key = { positionId: p.id, processLabelId: input.processLabelId };
  if (questions.length === 0 && input.criteria.length === 0) {
    await kits(deps).deleteMany(key);
    return kitsOf(deps, p);
  }
  const current = await kits(deps).findOne(key);
  const criteria = checkedCriteria(input.criteria, new Set((current?.criteria ?? []).map((x) => x.id)));
  await kits(deps).updateOne(key, { $set: { ...key, containerId: p.containerId, questions, criteria, updated: deps.now() } }, { upsert: true });
  return kitsOf(deps, p);
}
