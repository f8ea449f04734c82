import { randomBytes } from 'node:crypto';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import { sha256 } from '../../auth/signin';
import { isHiddenApplication } from '../screening/anonymous-screening';
import type { ServerDeps } from '../../base/deps';
import { HttpError } from '../../errors';
import { calendarText } from '../../mail/icalendar';
import type { ApplicationDoc, PositionDoc } from '../core/docs';
import type { Doc } from '../../store/port';
import { interviewsOf, slotsOf } from './store';

/**
 * A staff member's private calendar subscription (issue 30 item 1): `GET
 * /api/calendar/<token>.ics` answers their booked interviews (from 30 days back) as an
 * iCalendar feed, each as 'Intervju – <position>' without the applicant's name unless they
 * chose to show names. One link per person; only the token's hash is stored, so the link is
 * shown once when made; renewing replaces it and removing revokes it at once.
 */

const t = sv.interviews;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const BACK_SECONDS = 30 * 86400;

interface FeedDoc extends Doc {
  userId: number;
  tokenHash: string;
  showNames: boolean;
  created: number;
}

const feeds = (deps: Pick<ServerDeps, 'store'>) => deps.store.collection<FeedDoc>('calendarFeeds');
const feedUrl = (deps: Pick<ServerDeps, 'publicUrl'>, token: string) => `${(deps.publicUrl ?? '').replace(/\/$/, '')}/api/calendar/${token}.ics`;

/** Whether the person has a link and whether it shows names (the link itself is never answered again). */
export async function feedSettings(deps: ServerDeps, userId: number) {
  const f = await feeds(deps).findOne({ userId });
  return { active: !!f, showNames: f?.showNames ?? false, url: null as string | null, created: f?.created ?? null };
}

/** Makes a new link (the old one stops working) and answers it, this once. */
export async function renewFeed(deps: ServerDeps, userId: number, showNames?: boolean) {
  const token = randomBytes(32).toString('base64url');
  const old = await feeds(deps).findOne({ userId });
  const doc = { userId, tokenHash: sha256(token), showNames: showNames ?? old?.showNames ?? false, created: deps.now() };
  await feeds(deps).updateOne({ userId }, { $set: doc }, { upsert: true });
  return { active: true, showNames: doc.showNames, url: feedUrl(deps, token), created: doc.created };
}

/** Names on or off for the existing link (the link stays). */
export async function setFeedNames(deps: ServerDeps, userId: number, showNames: boolean) {
  await feeds(deps).updateOne({ userId }, { $set: { showNames } });
  return feedSettings(deps, userId);
}

export async function revokeFeed(deps: ServerDeps, userId: number) {
  await feeds(deps).deleteMany({ userId });
  return feedSettings(deps, userId);
}

/** The feed of a token, or 404 in Swedish for a revoked, renewed or forged one. */
export async function feedText(deps: ServerDeps, token: string): Promise<string> {
  const f = TOKEN.test(token) ? await feeds(deps).findOne({ tokenHash: sha256(token) }) : null;
  if (!f) throw new HttpError(404, 'feed_unknown', t.feedGone);
  const slots = await slotsOf(deps).find({ interviewers: f.userId, status: 'booked', start: { $gte: deps.now() - BACK_SECONDS } }, { sort: { start: 1 }, limit: 500 });
  const booked = slots.length ? await interviewsOf(deps).find({ slotId: { $in: slots.map((s) => s.id) }, status: 'booked' }) : [];
  const positions = await deps.store.collection<PositionDoc>('positions').find({ id: { $in: [...new Set(slots.map((s) => s.positionId))] } }, { projection: { id: 1, name: 1 } });
  const apps = f.showNames && booked.length
    ? await deps.store.collection<ApplicationDoc>('applications').find({ id: { $in: booked.map((i) => i.applicationId) } }, { projection: { id: 1, info: 1, email: 1, containerId: 1, positionId: 1, processLabelId: 1 } })
    : [];
  // Anonymous screening: an application still hidden at its level keeps its name out of the feed too.
  const hidden = new Set<number>();
  for (const a of apps) if (await isHiddenApplication(deps.store, a)) hidden.add(a.id);
  const events = slots.flatMap((s) => {
    const i = booked.find((x) => x.slotId === s.id);
    if (!i) return [];
    const position = positions.find((p) => p.id === s.positionId)?.name ?? '';
    const a = apps.find((x) => x.id === i.applicationId && !hidden.has(x.id));
    const name = a ? (typeof a.info?.name === 'string' && a.info.name.trim()) || a.email : '';
    return [
      {
        uid: i.uid,
        sequence: i.sequence,
        start: s.start,
        minutes: s.minutes,
        summary: `${fill(t.summaryFor, { position })}${name ? ` (${name})` : ''}`,
        ...(s.place ? { location: s.place } : s.videoUrl ? { location: s.videoUrl } : {}),
        organizer: { name: 'Blankett', email: 'no-reply@blankett.local' },
        attendees: [],
      },
    ];
  });
  return calendarText('PUBLISH', events, t.feedName);
}
