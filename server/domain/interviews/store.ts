import type { ActionAnswer, ActionData } from '../../../schemas/generated/actions';
import type { Interview } from '../../../schemas/generated/entities';
import type { ServerDeps } from '../../base/deps';
import type { Doc } from '../../store/port';

/**
 * The interview collections (issue 30 item 1):
 * - `interviewSlots`: the times a writer offered, one document per time; a set (`setId`) is
 *   what one offer holds, shared by every applicant it went to, so the first to book a time
 *   takes it (a conditional update on `status: 'open'`);
 * - `interviewerTimes`: each interviewer's five-minute blocks an offered time holds, under a
 *   unique key, so no interviewer has two times at once across positions, on any instance;
 * - `interviews`: one applicant's interview (the holder of personal data): the link's hash,
 *   the booked slot, the invitation's UID and SEQUENCE.
 */

type SlotStatus = 'open' | 'booked' | 'cancelled' | 'expired';

type Offer = ActionData['create_interviewSlots'];
type Offered = ActionAnswer['create_interviewSlots'];

/** One offered time: what create_interviewSlots answers of it, with the offer's people and place. */
export type SlotDoc = Doc &
  Offered['slots'][number] &
  Pick<Offered, 'setId'> &
  Pick<Offer, 'interviewers' | 'place' | 'videoUrl' | 'note'> & {
    containerId: number;
    positionId: number;
    status: SlotStatus;
    /** The interview that booked it. */
    bookedBy?: number;
    createdBy: number;
    created: number;
  };

export interface TimeClaim extends Doc {
  key: string;
  userId: number;
  block: number;
  slotId: number;
  setId: number;
}

export type InterviewDoc = Interview & Doc;

export const BLOCK_SECONDS = 300;

export const slotsOf = (deps: Pick<ServerDeps, 'store'>) => deps.store.collection<SlotDoc>('interviewSlots');
export const claimsOf = (deps: Pick<ServerDeps, 'store'>) => deps.store.collection<TimeClaim>('interviewerTimes');
export const interviewsOf = (deps: Pick<ServerDeps, 'store'>) => deps.store.collection<InterviewDoc>('interviews');

/** The blocks a time covers (its start and length are whole blocks). */
export function blocksOf(start: number, minutes: number): number[] {
  const out: number[] = [];
  for (let t = start; t < start + minutes * 60; t += BLOCK_SECONDS) out.push(t);
  return out;
}

/** Gives an offered time's blocks back (cancelled, expired). */
export async function releaseSlot(deps: Pick<ServerDeps, 'store'>, slotId: number): Promise<void> {
  await claimsOf(deps).deleteMany({ slotId });
}
