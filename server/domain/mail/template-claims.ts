import type { Store } from '../../store/port';
import type { ApplicationDoc, ContainerDoc } from '../core/docs';

/**
 * A label's template mail goes once per arrival on the label. Two people who move the same
 * applicant at once each get the offer (one each), and both may accept it; the applicant gets
 * one mail. Each label move records its id on the application (`interestMove`, `processMove`,
 * label-moves.ts); the send claims that id (`interestMailed`, `processMailed`) with one
 * conditional write before it mails, so of two sends at once exactly one wins. A failed send
 * gives its claim back, so 'Skicka igen' or a colleague can try again. An applicant who is no
 * longer on the label, or reached it before moves were recorded, is sent as asked: there is no
 * arrival to hold the mail to.
 */

const FIELDS = {
  Interest: { label: 'interestLabelId', move: 'interestMove', mailed: 'interestMailed' },
  Process: { label: 'processLabelId', move: 'processMove', mailed: 'processMailed' },
} as const;

export interface TemplateClaim {
  /** False: this arrival's mail has been sent (or is being sent) by another send. */
  ok: boolean;
  /** Gives the claim back after a failed send. */
  release(): Promise<void>;
}

const nothing = async () => undefined;

/** Claims the template mail of `labelId` for `a`'s current arrival on it. */
export async function claimTemplateMail(store: Store, c: ContainerDoc, a: ApplicationDoc, labelId: number): Promise<TemplateClaim> {
  const type = (c.labels ?? []).find((l) => l.id === labelId)?.labelType;
  if (!type) return { ok: true, release: nothing };
  const f = FIELDS[type];
  const move = a[f.move];
  if (a[f.label] !== labelId || typeof move !== 'string') return { ok: true, release: nothing };
  const apps = store.collection<ApplicationDoc>('applications');
  const won = await apps.updateOne({ id: a.id, [f.label]: labelId, [f.move]: move, [f.mailed]: { $ne: move } }, { $set: { [f.mailed]: move } });
  return {
    ok: won !== null,
    release: async () => {
      await apps.updateOne({ id: a.id, [f.mailed]: move }, { $unset: { [f.mailed]: true } });
    },
  };
}
