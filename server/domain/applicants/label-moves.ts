import { randomUUID } from 'node:crypto';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import type { Store } from '../../store/port';
import { KeyedSerial } from '../../store/serial';
import { findByIds, slices, yieldToLoop } from '../../store/slices';
import { labelOf, loadContainer } from '../organisations/containers';
import type { ApplicationDoc, LabelDoc, LogEntry } from '../core/docs';
import { notify } from '../notifications/notify';
import { enqueueApplicationEvents } from '../webhooks/outbox';

const m = sv.domain;

/**
 * A bulk label move ('Flytta till status', 'Sätt processnivå'): up to 50,000 applicants in
 * one call, applied as one change on both stores without transactions.
 *
 * 1. Everything is checked first (every id exists, in a container the caller may write in,
 *    the label is of the right type there); nothing is written before that.
 * 2. The move is written down (`labelMoves`: label, log line, ids) and only then applied, a
 *    slice of ids at a time with a turn of the event loop between slices, so other users are
 *    answered meanwhile. Each slice is one `updateMany` that changes only applicants not yet
 *    on the label, so applying a slice twice changes nothing more: the move can be replayed.
 * 3. The record is removed when every slice is done. A process that dies half-way leaves
 *    the record, and the next start replays it before serving (`resumeLabelMoves`), so no
 *    selection stays half-moved. An applicant deleted meanwhile is simply gone; everyone
 *    else is moved.
 * 4. Moves in the same organisation run one after another (recorded and applied in turn):
 *    two moves of the same applicants at once would interleave their slices and leave some
 *    on one label and some on the other (issue 27). Within one process; instances sharing a
 *    MongoDB do not wait for each other's moves.
 */
export interface LabelMoveDoc {
  [k: string]: unknown;
  _id: string;
  field: 'interestLabelId' | 'processLabelId';
  labelId: number;
  log: LogEntry;
  ids: number[];
  created: number;
}

/**
 * Applicants per write: small enough that one slice holds the embedded store a few ms (one
 * UPDATE statement there, sql-update.ts: 250 rows ≈ 5–7 ms on the loaded 2-core machine,
 * less than 100 rows took row by row). Fewer, larger commits: 28 µs CPU a row at 250, 40 at 100.
 */
const MOVE_SLICE = 250;

const moves = (store: Store) => store.collection<LabelMoveDoc>('labelMoves');

/** The moves under way, per store and container (step 4). */
const turns = new WeakMap<Store, KeyedSerial>();

/** Runs `work` once no other move of these containers is recorded or applied (taken in one order: no deadlock). */
function inTurn<R>(store: Store, containerIds: number[], work: () => Promise<R>): Promise<R> {
  let serial = turns.get(store);
  if (!serial) turns.set(store, (serial = new KeyedSerial()));
  const keys = [...new Set(containerIds)].sort((a, b) => a - b);
  const take = (i: number): Promise<R> => (i === keys.length ? work() : serial.run(String(keys[i]), () => take(i + 1)));
  return take(0);
}

/** Slice writes in flight at once: the embedded store's commits then share their fsyncs. */
const IN_FLIGHT = 4;

/**
 * The write of a move. A Process move also restarts the stage clock (`processSince`, the
 * board's days in the stage) and appends to `processHistory`, so the time spent in every
 * stage is kept; both come from the recorded log line's time, so a replay writes the same.
 * Either kind records the move's id (`interestMove`, `processMove`): a label's template mail
 * goes once per arrival on the label (mail/template-claims.ts), however many offer it.
 */
function changeOf(move: LabelMoveDoc) {
  if (move.field !== 'processLabelId') return { $set: { [move.field]: move.labelId, interestMove: move._id, interestSince: move.log.at }, $push: { logs: move.log } };
  return {
    $set: { processLabelId: move.labelId, processSince: move.log.at, processMove: move._id },
    $push: { logs: move.log, processHistory: { labelId: move.labelId, at: move.log.at } },
  };
}

/** Applies a recorded move slice by slice (idempotent) and removes the record. */
async function applyMove(store: Store, move: LabelMoveDoc): Promise<void> {
  const apps = store.collection<ApplicationDoc>('applications');
  // A slice need not wait for the previous one to reach the disk: the record, which is on
  // disk, replays whatever a crash loses. Each write's promise is settled at once (no
  // unhandled rejection); a failure stops the move and leaves the record for the next start.
  const inFlight: Promise<unknown>[] = [];
  let failed: unknown = null;
  for (const [i, part] of slices(move.ids, MOVE_SLICE).entries()) {
    if (i > 0) await yieldToLoop();
    if (inFlight.length >= IN_FLIGHT) await inFlight.shift();
    if (failed) break;
    // $push is not idempotent by itself; the filter makes the write so: an application already
    // at the label no longer matches, so a replay (the move record at start, a retry after a
    // failover the driver does not retry for updateMany) logs and moves each one once.
    inFlight.push(
      apps
        .updateMany({ id: { $in: part }, [move.field]: { $ne: move.labelId } }, changeOf(move))
        .catch((err: unknown) => {
          failed ??= err;
        }),
    );
  }
  await Promise.all(inFlight);
  if (failed) throw failed;
  await moves(store).deleteOne({ _id: move._id });
}

/** At start, before serving: finishes every move a stopped process left half-applied. */
export async function resumeLabelMoves(store: Store): Promise<number> {
  const left = await moves(store).find({}, { sort: { created: 1 } });
  for (const move of left) await applyMove(store, move);
  return left.length;
}

/**
 * Moves applications to a label: an Interest label replaces the applicant's one Interest
 * label, a Process label its Process level. The label must be of `labelType` and belong to
 * the container of every application, and every container must be in `allowed` when given
 * (the containers the policy checked).
 */
export async function moveToLabel(
  deps: ServerDeps,
  by: string,
  labelType: LabelDoc['labelType'],
  labelId: number,
  ids: number[],
  allowed?: number[],
  /** The mover's user id: the move's notification never rings their own bell. */
  actor?: number,
) {
  const unique = [...new Set(ids)];
  const found = await findByIds(deps.store.collection<ApplicationDoc>('applications'), unique, { id: 1, containerId: 1, positionId: 1 });
  if (found.length !== unique.length) throw errors.notFound(sv.applicants.server.applicantsGone);
  const perContainer = new Map<number, { count: number; first: Pick<ApplicationDoc, 'id' | 'positionId'> }>();
  for (const a of found) {
    const entry = perContainer.get(a.containerId);
    if (entry) entry.count++;
    else perContainer.set(a.containerId, { count: 1, first: a });
  }
  if (allowed && [...perContainer.keys()].some((cid) => !allowed.includes(cid))) throw errors.forbidden();
  let label: LabelDoc | undefined;
  for (const cid of perContainer.keys()) {
    const l = labelOf(await loadContainer(deps.store, cid), labelId);
    if (l.labelType !== labelType) throw errors.invalid([{ path: '/labelId', message: m.labelWrongType }], m.labelWrongType);
    label = l;
  }
  if (!label) throw errors.notFound();
  const text = fill(labelType === 'Interest' ? m.logInterest : m.logProcess, { label: label.name });
  await inTurn(deps.store, [...perContainer.keys()], async () => {
    // Timed when its turn comes: a move applied after another is logged after it.
    const move: LabelMoveDoc = {
      _id: randomUUID(),
      field: labelType === 'Interest' ? 'interestLabelId' : 'processLabelId',
      labelId,
      log: { at: deps.now(), what: labelType === 'Interest' ? 'status' : 'process', by, text },
      ids: unique,
      created: deps.now(),
    };
    await moves(deps.store).insertOne(move);
    await applyMove(deps.store, move);
  });
  // application.updated for each moved application (domain/webhooks/outbox.ts), right after the move.
  await enqueueApplicationEvents(deps, 'application.updated', found.map((a) => ({ id: a.id, containerId: a.containerId, positionId: a.positionId, [labelType === 'Interest' ? 'interestLabelId' : 'processLabelId']: labelId })));
  if (labelType === 'Interest') {
    for (const [cid, { count, first }] of perContainer) {
      await notify(
        deps,
        cid,
        'update_jobApplicationStatus',
        m.notificationStatusTitle,
        fill(m.notificationStatusMessage, { count: String(count), label: label.name }),
        { positionId: first.positionId, id: first.id },
        actor,
      );
    }
  }
  return { ids, labelId, labelType };
}
