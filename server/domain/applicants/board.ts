import type { ServerDeps } from '../../base/deps';
import { errors } from '../../errors';
import { pageByKey } from '../../store';
import { yieldToLoop } from '../../store/slices';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ChannelDoc } from '../chat/chat';
import { labelOf, rejectedLabel } from '../organisations/containers';
import type { ApplicationDoc, ContainerDoc, LabelDoc, PositionDoc } from '../core/docs';
import { ratingFor } from './scorecards';
import { anonymityOf, anonymousName, isAnonymous } from '../screening/screening';

/**
 * The pipeline board of a position (issue 17): one column per Process level with its count
 * (a store count, not a read of the applicants) and 30 cards a batch, newest first, paged by
 * id through the (positionId, processLabelId, id) index. A card carries only what the board
 * shows: name, days in the current stage, and whether the person's conversation has
 * messages staff have not read, and its rating (scorecards.ts: the average only for a viewer
 * who has rated it).
 *
 * Issue 26, one pipeline: a card carries its Interest label, and the organisation's 'Ej
 * intressant' applicants are marked (`rejected`). `hideRejected` leaves them out of the cards and
 * the count; each column says how many of its applicants are rejected either way, so the board
 * counts the same people as the list.
 */

const BOARD_BATCH = 30;
const DAY = 86_400;

interface BoardCard {
  id: number;
  name: string;
  days: number;
  unread: boolean;
  rating: { count: number; average: number | null };
  interestLabelId: number | null;
  rejected: boolean;
  interviewAt?: number;
}

interface BoardQuery {
  processLabelId?: number;
  after?: number;
  hideRejected?: boolean;
}

const CARD_PROJECTION = { id: 1, email: 1, created: 1, info: 1, processSince: 1, ratingAvg: 1, ratingCount: 1, ratedBy: 1, interestLabelId: 1, interviewAt: 1 } as const;

function nameOf(a: Pick<ApplicationDoc, 'info' | 'email'>): string {
  const full = `${a.info?.firstname ?? ''} ${a.info?.lastname ?? ''}`.trim();
  return full || a.info?.name || a.email;
}

/** Emails of `emails` whose conversation in the container holds messages no staff member has read. */
async function unreadOf(deps: ServerDeps, containerId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const list = await deps.store
    .collection<ChannelDoc>('chatChannels')
    .find({ containerId, email: { $in: [...new Set(emails)] } }, { projection: { email: 1, unreadStaff: 1 } });
  return new Set(list.filter((c) => (c.unreadStaff ?? 0) > 0).map((c) => c.email));
}

async function column(deps: ServerDeps, c: ContainerDoc, p: PositionDoc, label: LabelDoc, viewerId: number, q: BoardQuery) {
  const apps = deps.store.collection<ApplicationDoc>('applications');
  const all = { containerId: p.containerId, positionId: p.id, processLabelId: label.id };
  const no = rejectedLabel(c)?.id;
  const filter = q.hideRejected && no !== undefined ? { ...all, interestLabelId: { $ne: no } } : all;
  const [count, rejected, page] = await Promise.all([
    apps.count(filter),
    no === undefined ? 0 : apps.count({ ...all, interestLabelId: no }),
    pageByKey(apps, filter, { sortKey: 'id', direction: -1, after: q.after, limit: BOARD_BATCH, projection: CARD_PROJECTION }),
  ]);
  const unread = await unreadOf(deps, p.containerId, page.items.map((a) => a.email));
  const now = deps.now();
  // A column is one Process level, so a position's anonymous mode hides a whole column or none.
  const hidden = isAnonymous(c, anonymityOf(p), label.id);
  const cards: BoardCard[] = page.items.map((a) => ({
    id: a.id,
    name: hidden ? anonymousName(a.id) : nameOf(a),
    days: Math.max(0, Math.floor((now - (a.processSince ?? a.created)) / DAY)),
    unread: unread.has(a.email),
    rating: ratingFor(a, viewerId),
    interestLabelId: a.interestLabelId ?? null,
    rejected: no !== undefined && a.interestLabelId === no,
    ...(typeof a.interviewAt === 'number' ? { interviewAt: a.interviewAt } : {}),
  }));
  return { labelId: label.id, name: label.name, count, rejected, cards, next: typeof page.next === 'number' ? page.next : null };
}

/**
 * Every column with its first batch, or, with `processLabelId` (and `after`, the previous
 * batch's `next`), that one column's next batch ('Visa fler').
 */
export async function boardOf(deps: ServerDeps, c: ContainerDoc, p: PositionDoc, q: BoardQuery, viewerId = 0) {
  const rejectedLabelId = rejectedLabel(c)?.id ?? null;
  if (q.processLabelId !== undefined) {
    const label = labelOf(c, q.processLabelId, '/processLabelId');
    if (label.labelType !== 'Process') throw errors.invalid([{ path: '/processLabelId', message: sv.domain.labelWrongType }], sv.domain.labelWrongType);
    return { rejectedLabelId, columns: [await column(deps, c, p, label, viewerId, q)] };
  }
  const columns = [];
  // One column at a time with a turn of the event loop between, as the list's counts do.
  for (const label of (c.labels ?? []).filter((l) => l.labelType === 'Process')) {
    await yieldToLoop();
    columns.push(await column(deps, c, p, label, viewerId, { ...q, after: undefined }));
  }
  return { rejectedLabelId, columns };
}
