import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import { defaultLabel, labelOf, loadContainer } from '../organisations/containers';
import type { ApplicationDoc, PositionDoc } from '../core/docs';
import { positionValidator } from '../forms/forms';
import { ensureDomainIndexes } from '../core/indexes';
import { applicantInfo } from '../applicants/info';
import { loadPosition } from '../positions/positions';
import { fill } from '../../../engine/fill';
import type { ActionData } from '../../../schemas/generated/actions';

/**
 * Reserves `n` consecutive application ids in one counter update (docs/collections.md:
 * `counters` holds `{ _id: name, seq }`, the same document nextSequence increments), so a
 * batch costs one durable write for its ids instead of one per applicant.
 */
async function reserveIds(deps: ServerDeps, n: number): Promise<number> {
  const doc = await deps.store.collection<{ _id: string; seq: number }>('counters').updateOne({ _id: 'applications' }, { $inc: { seq: n } }, { upsert: true });
  if (typeof doc?.seq === 'number') return doc.seq - n + 1;
  const firstId = await deps.store.nextSequence('applications');
  for (let i = 1; i < n; i++) await deps.store.nextSequence('applications');
  return firstId;
}

/** The most demo applicants one call makes; the page asks for more in several calls. */
const DEMO_MAX = 10_000;
const BATCH = 250;
const ATTEMPTS = 8;

export type DemoApplicantsInput = ActionData['create_positionDemoApplicants'];

/**
 * Makes `amount` fake applicants for a position. Every answer set is validated with the
 * position's own compiled form before it is stored (a set that fails is generated again, and
 * a form no generated set can pass is refused with a Swedish message before anything is
 * stored). Written in batches, so memory stays flat however large the amount.
 */
export async function createDemoApplicants(deps: ServerDeps, input: DemoApplicantsInput): Promise<{ created: number; positionId: number }> {
  if (!Number.isInteger(input.amount) || input.amount < 1 || input.amount > DEMO_MAX) {
    throw errors.invalid([{ path: '/amount', message: sv.odin.amountRange }], sv.odin.amountRange);
  }
  const position: PositionDoc = await loadPosition(deps.store, input.positionId);
  if (position.containerId !== input.containerId) throw errors.notFound();
  const c = await loadContainer(deps.store, input.containerId);
  const interest = input.defaultInterest !== undefined ? labelOf(c, input.defaultInterest, '/defaultInterest') : defaultLabel(c, 'Interest');
  const process = input.defaultProcess !== undefined ? labelOf(c, input.defaultProcess, '/defaultProcess') : defaultLabel(c, 'Process');
  if (interest && interest.labelType !== 'Interest') throw errors.invalid([{ path: '/defaultInterest', message: sv.domain.labelWrongType }], sv.domain.labelWrongType);
  if (process && process.labelType !== 'Process') throw errors.invalid([{ path: '/defaultProcess', message: sv.domain.labelWrongType }], sv.domain.labelWrongType);
  if (position.metadata.some((p) => (p.validators ?? []).some((v) => v.name === 'fileRequired'))) {
    throw errors.invalid([{ path: '/positionId', message: sv.odin.demoFileRequired }], sv.odin.demoFileRequired);
  }
  await ensureDomainIndexes(deps.store);
  // faker (its Swedish data) loads with the first demo run, not with every start-up (0.3 s).
  const { fakeApplicant } = await import('./fake');
  const validator = positionValidator(position, c.messages);
  const apps = deps.store.collection<ApplicationDoc>('applications');
  const run = `${deps.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  let created = 0;
  while (created < input.amount) {
    const batch: ApplicationDoc[] = [];
    const n = Math.min(BATCH, input.amount - created);
    const first = await reserveIds(deps, n);
    for (let i = 0; i < n; i++) {
      const id = first + i;
      const now = deps.now();
      let person = fakeApplicant(position.metadata, { now, positionStart: position.start, unique: `${run}${id.toString(36)}` });
      let tries = 1;
      while (!validator.validate(person.answers).valid) {
        if (tries++ >= ATTEMPTS) {
          const bad = validator.validate(person.answers).errors[0];
          throw errors.invalid([{ path: '/positionId', message: fill(sv.odin.demoFormUnfit, { key: bad?.key ?? '' }) }], fill(sv.odin.demoFormUnfit, { key: bad?.key ?? '' }));
        }
        person = fakeApplicant(position.metadata, { now, positionStart: position.start, unique: `${run}${id.toString(36)}` });
      }
      batch.push({
        id,
        containerId: c.id,
        positionId: position.id,
        email: person.email,
        created: now,
        metadata: person.answers,
        formVersion: position.formVersion,
        info: applicantInfo(position.metadata, person.answers, person.email),
        interestLabelId: interest?.id ?? null,
        processLabelId: process?.id ?? null,
        notes: [],
        notesCount: 0,
        logs: [{ at: now, what: 'created', text: sv.domain.logCreated }],
        files: [],
      });
    }
    await apps.insertMany(batch);
    created += n;
  }
  return { created, positionId: position.id };
}
