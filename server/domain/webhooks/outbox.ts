import { randomUUID } from 'node:crypto';
import type { ServerDeps } from '../../base/deps';
import type { Store } from '../../store/port';
import { cachedRead } from '../core/read-cache';

/**
 * The webhook outbox (`webhookDeliveries`): one document per event and subscribed webhook,
 * written with the change it reports (the application and its delivery in one commit on the
 * embedded store, server/store/together.ts) or right after it, and sent by the worker
 * (server/jobs/webhooks.ts). Being in the store, it survives a restart and every instance
 * sees it; an instance claims a delivery with a lease before sending it.
 *
 * A payload carries ids, the event type, the time and non-personal fields only: a receiver
 * fetches personal data through /api/v1 with a key that may read applications.
 */

export type WebhookEvent =
  | 'application.created'
  | 'application.updated'
  | 'application.withdrawn'
  | 'application.deleted'
  | 'position.published'
  | 'position.closed';

export interface WebhookDoc {
  [k: string]: unknown;
  id: number;
  containerId: number;
  url: string;
  events: WebhookEvent[];
  /** `whsec_` + base64 of 32 random bytes: the key every delivery is signed with; shown once. */
  secret: string;
  created: number;
  createdBy: number;
}

type DeliveryStatus = 'pending' | 'delivered' | 'failed';
/** Why a try failed: a non-2xx answer, a 3xx (never followed), no answer in time, no connection, a refused address. */
export type DeliveryError = 'status' | 'redirect' | 'timeout' | 'network' | 'address';

export interface DeliveryDoc {
  [k: string]: unknown;
  /** The `webhook-id` header: one per delivery, the same on every try. */
  id: string;
  /** Order of enqueueing: a delivery waits for every earlier pending one of its webhook and subject. */
  seq: number;
  webhookId: number;
  containerId: number;
  type: WebhookEvent;
  /** What the order is kept per: `application:<id>` or `position:<id>`. */
  subject: string;
  /** The JSON body, fixed at enqueueing so every try signs the same bytes. */
  body: string;
  created: number;
  /** Tries go on for 24 hours from here: the enqueueing, or the last 'Skicka igen'. */
  windowFrom: number;
  status: DeliveryStatus;
  tries: number;
  /** When the next try is due (unix seconds). */
  nextAt: number;
  /** Until when an instance holds the delivery (0: nobody). */
  leaseUntil: number;
  leaseBy?: string;
  /** The last answer's HTTP status, null when there was none (timeout, refused, network). */
  lastStatus?: number | null;
  /** Why the last try failed: status, timeout, redirect, network, address. */
  lastError?: DeliveryError;
  lastAt?: number;
}

export const WEBHOOKS = 'webhooks';
export const DELIVERIES = 'webhookDeliveries';

/** The non-personal facts an event carries. */
export type EventData = Record<string, string | number | boolean | null>;

/** Instances' kickers: an enqueue in this process wakes this process's worker at once. */
const kickers = new WeakMap<Store, () => void>();

export function onEnqueued(store: Store, kick: () => void): void {
  kickers.set(store, kick);
}

export function kickWorker(store: Store): void {
  kickers.get(store)?.();
}

/** The organisation's webhooks subscribed to `type` (kept between writes on the embedded store). */
async function subscribers(deps: Pick<ServerDeps, 'store'>, containerId: number, type: WebhookEvent): Promise<WebhookDoc[]> {
  const all = await cachedRead(deps.store, `webhooks:${containerId}`, [WEBHOOKS], () =>
    deps.store.collection<WebhookDoc>(WEBHOOKS).find({ containerId }, { projection: { id: 1, events: 1 } }),
  );
  return all.filter((w) => w.events.includes(type));
}

type EventInput = { containerId: number; type: WebhookEvent; subject: string; data: EventData };

async function deliveriesFor(deps: Pick<ServerDeps, 'store' | 'now'>, hooks: WebhookDoc[], e: EventInput): Promise<{ collection: string; doc: DeliveryDoc }[]> {
  const now = deps.now();
  const body = JSON.stringify({ type: e.type, timestamp: new Date(now * 1000).toISOString(), data: e.data });
  const out: { collection: string; doc: DeliveryDoc }[] = [];
  for (const hook of hooks) {
    const doc: DeliveryDoc = {
      id: `msg_${randomUUID()}`,
      seq: await deps.store.nextSequence(DELIVERIES),
      webhookId: hook.id,
      containerId: e.containerId,
      type: e.type,
      subject: e.subject,
      body,
      created: now,
      windowFrom: now,
      status: 'pending',
      tries: 0,
      nextAt: now,
      leaseUntil: 0,
    };
    out.push({ collection: DELIVERIES, doc });
  }
  return out;
}

/** The outbox documents of one event, one per subscribed webhook (none: an empty list). */
export async function prepareDeliveries(deps: Pick<ServerDeps, 'store' | 'now'>, e: EventInput): Promise<{ collection: string; doc: DeliveryDoc }[]> {
  const hooks = await subscribers(deps, e.containerId, e.type);
  return hooks.length ? deliveriesFor(deps, hooks, e) : [];
}

/**
 * Enqueues events right after the change they report was written (in the given order, which
 * is the order a receiver gets them in per subject). A failure is logged, never turned into a
 * failed call: the change has happened.
 */
export async function enqueueEvents(deps: Pick<ServerDeps, 'store' | 'now' | 'log'>, events: EventInput[]): Promise<void> {
  try {
    const hooksOf = new Map<string, WebhookDoc[]>();
    const docs: DeliveryDoc[] = [];
    for (const e of events) {
      const key = `${e.containerId}:${e.type}`;
      if (!hooksOf.has(key)) hooksOf.set(key, await subscribers(deps, e.containerId, e.type));
      const hooks = hooksOf.get(key)!;
      if (hooks.length) docs.push(...(await deliveriesFor(deps, hooks, e)).map((i) => i.doc));
    }
    if (!docs.length) return;
    await deps.store.collection<DeliveryDoc>(DELIVERIES).insertMany(docs);
    kickWorker(deps.store);
  } catch (err) {
    deps.log.error('webhook not enqueued', { type: events[0]?.type, error: (err as Error).name });
  }
}

/** What an application event says: ids and labels, never a name, an address or a personnummer. */
export function applicationData(a: { id: number; positionId: number; containerId: number; interestLabelId?: number | null; processLabelId?: number | null }): EventData {
  return {
    id: a.id,
    positionId: a.positionId,
    containerId: a.containerId,
    ...(a.interestLabelId !== undefined ? { interestLabelId: a.interestLabelId } : {}),
    ...(a.processLabelId !== undefined ? { processLabelId: a.processLabelId } : {}),
  };
}

/** Enqueues an application event (updated, withdrawn, deleted) for each of `list`. */
export function enqueueApplicationEvents(
  deps: Pick<ServerDeps, 'store' | 'now' | 'log'>,
  type: Extract<WebhookEvent, `application.${string}`>,
  list: Parameters<typeof applicationData>[0][],
): Promise<void> {
  return enqueueEvents(
    deps,
    list.map((a) => ({ containerId: a.containerId, type, subject: `application:${a.id}`, data: applicationData(a) })),
  );
}
