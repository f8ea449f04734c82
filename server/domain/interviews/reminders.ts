import type { ServerDeps } from '../../base/deps';
import type { ApplicationDoc } from '../core/docs';
import { sendReminder } from './interview-mail';
import { claimsOf, interviewsOf, releaseSlot, slotsOf } from './store';

const DAY = 86400;

/**
 * The interview job's work (server/jobs/schedule.ts), on the server's clock (`deps.now`):
 * - a reminder to the applicant for each booked interview within the next 24 hours, once
 *   (claimed by setting `reminded` first, so two instances never both send);
 * - offered times that were never booked expire at their start and give their time back;
 * - a time booked by an interview that is gone (its application was removed) opens again;
 * - interviewers' blocks from more than a day ago are cleared.
 */
export async function runInterviews(deps: ServerDeps): Promise<Record<string, number>> {
  const now = deps.now();
  let reminders = 0;
  for (const i of await interviewsOf(deps).find({ status: 'booked', start: { $gt: now, $lte: now + DAY }, reminded: { $exists: false } })) {
    const claimed = await interviewsOf(deps).updateOne({ id: i.id, sequence: i.sequence, reminded: { $exists: false } }, { $set: { reminded: now } });
    const [slot, a] = await Promise.all([slotsOf(deps).findOne({ id: i.slotId }), deps.store.collection<ApplicationDoc>('applications').findOne({ id: i.applicationId })]);
    if (!claimed || !slot || !a) continue;
    await sendReminder(deps, i, slot, a).catch((err: unknown) => deps.log.error('interview reminder failed', { error: (err as Error).name }));
    reminders += 1;
  }
  let expired = 0;
  for (const s of await slotsOf(deps).find({ status: 'open', start: { $lte: now } }, { projection: { id: 1 } })) {
    if (await slotsOf(deps).updateOne({ id: s.id, status: 'open' }, { $set: { status: 'expired' } })) {
      await releaseSlot(deps, s.id);
      expired += 1;
    }
  }
  let freed = 0;
  for (const s of await slotsOf(deps).find({ status: 'booked', start: { $gt: now } }, { projection: { id: 1, bookedBy: 1 } })) {
    if (s.bookedBy !== undefined && (await interviewsOf(deps).count({ id: s.bookedBy, slotId: s.id, status: 'booked' })) === 0) {
      if (await slotsOf(deps).updateOne({ id: s.id, bookedBy: s.bookedBy }, { $set: { status: 'open' }, $unset: { bookedBy: true } })) freed += 1;
    }
  }
  await claimsOf(deps).deleteMany({ block: { $lt: now - DAY } });
  return { reminders, expired, freed };
}
