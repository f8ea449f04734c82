import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { ServerDeps, WebhookSettings } from '../base/deps';
import { DELIVERIES, onEnqueued, WEBHOOKS, type DeliveryDoc, type WebhookDoc } from '../domain/webhooks/outbox';
import { sendOnce, type TryOutcome } from './webhook-send';

/**
 * The webhook worker: sends what the outbox (server/domain/webhooks/outbox.ts) holds. Every
 * instance runs one; a delivery is sent by the instance that claims it, a compare-and-set on
 * its status and lease (`updateOne` is MongoDB's findOneAndUpdate, one write on the embedded
 * store), so however many instances run, one sends each try. A claim lasts the timeout and a
 * margin; an instance that dies holding one leaves it to the next after the lease. A delivery
 * waits while an earlier pending one of the same webhook and subject (an application, a
 * position) exists, so a receiver sees an application's events in order. A failed try
 * (a non-2xx answer, a redirect, a timeout, a refused address) is tried again after a growing
 * pause, for 24 hours from when it was enqueued; then it is 'failed' and the log says so.
 */

const DEFAULT_WEBHOOKS: WebhookSettings = { allowPrivate: false, timeoutMs: 10_000, pollMs: 5_000 };

/** Pauses after the 1st, 2nd, … failed try (seconds), the last repeated: Standard Webhooks' schedule. */
const PAUSES = [5, 60, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600];
const WINDOW = 24 * 3600;
const BATCH = 50;

const instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** What follows a failed try `tries` (counted with it): the next time, or null when the 24 hours are over. */
function nextTry(windowFrom: number, now: number, tries: number): number | null {
  const end = windowFrom + WINDOW;
  if (now >= end) return null;
  return Math.min(now + PAUSES[Math.min(tries - 1, PAUSES.length - 1)]!, end);
}

function settingsOf(deps: ServerDeps): WebhookSettings {
  return deps.webhooks ?? DEFAULT_WEBHOOKS;
}

/** Claims `d` for this instance: the delivery back when this instance won it, else null. */
async function claim(deps: ServerDeps, d: DeliveryDoc, now: number): Promise<DeliveryDoc | null> {
  const lease = now + Math.ceil(settingsOf(deps).timeoutMs / 1000) + 30;
  return deps.store
    .collection<DeliveryDoc>(DELIVERIES)
    .updateOne({ id: d.id, status: 'pending', nextAt: { $lte: now }, leaseUntil: { $lte: now } }, { $set: { leaseUntil: lease, leaseBy: instance } });
}

async function record(deps: ServerDeps, d: DeliveryDoc, outcome: TryOutcome, at: number): Promise<void> {
  const tries = d.tries + 1;
  const base = { tries, lastStatus: outcome.status, lastAt: at, leaseUntil: 0 };
  const col = deps.store.collection<DeliveryDoc>(DELIVERIES);
  if (outcome.ok) {
    await col.updateOne({ id: d.id, leaseBy: instance }, { $set: { ...base, status: 'delivered' }, $unset: { lastError: true } });
    return;
  }
  const next = nextTry(d.windowFrom, deps.now(), tries);
  await col.updateOne(
    { id: d.id, leaseBy: instance },
    { $set: { ...base, lastError: outcome.error, ...(next === null ? { status: 'failed' } : { nextAt: next }) } },
  );
  deps.log.warn('webhook try failed', { delivery: d.id, webhookId: d.webhookId, status: outcome.status, error: outcome.error, tries });
}

/** Tries one claimed delivery. */
async function deliver(deps: ServerDeps, d: DeliveryDoc, hook: WebhookDoc): Promise<void> {
  const at = deps.now();
  const s = settingsOf(deps);
  const outcome = await sendOnce({ url: hook.url, secret: hook.secret }, { id: d.id, body: d.body, timestamp: at }, s).catch(
    (): TryOutcome => ({ ok: false, status: null, error: 'network' }),
  );
  await record(deps, d, outcome, at);
}

/** Is an earlier delivery of the same webhook and subject still waiting? */
async function waitsForEarlier(deps: ServerDeps, d: DeliveryDoc): Promise<boolean> {
  const earlier = await deps.store
    .collection<DeliveryDoc>(DELIVERIES)
    .findOne({ webhookId: d.webhookId, subject: d.subject, status: 'pending', seq: { $lt: d.seq } }, { projection: { id: 1 } });
  return earlier !== null;
}

/**
 * One pass: every due delivery this instance can claim, in enqueueing order within a webhook
 * (webhooks side by side). Answers how many tries were made.
 */
export async function deliverDue(deps: ServerDeps): Promise<number> {
  const now = deps.now();
  const due = await deps.store
    .collection<DeliveryDoc>(DELIVERIES)
    .find({ status: 'pending', nextAt: { $lte: now }, leaseUntil: { $lte: now } }, { sort: { seq: 1 }, limit: BATCH, projection: { body: 0 } });
  const perHook = new Map<number, DeliveryDoc[]>();
  for (const d of due) perHook.set(d.webhookId, [...(perHook.get(d.webhookId) ?? []), d]);
  let tried = 0;
  await Promise.all(
    [...perHook].map(async ([webhookId, list]) => {
      const hook = await deps.store.collection<WebhookDoc>(WEBHOOKS).findOne({ id: webhookId });
      if (!hook) {
        await deps.store.collection(DELIVERIES).deleteMany({ webhookId });
        return;
      }
      for (const d of list) {
        if (await waitsForEarlier(deps, d)) continue;
        const claimed = await claim(deps, d, now);
        if (!claimed) continue;
        tried++;
        await deliver(deps, claimed, hook);
      }
    }),
  );
  return tried;
}

interface Worker {
  /** Runs a pass now (or right after the one under way). */
  kick(): void;
  stop(): Promise<void>;
}

/** Polls every `pollMs` and right after this instance enqueues; passes never overlap. */
export function startWebhookWorker(deps: ServerDeps): Worker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const pass = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        // A pass that tried something may have unblocked the next of an application: go on.
        while (!stopped && (await deliverDue(deps).catch((err: unknown) => (deps.log.error('webhook pass failed', { error: (err as Error).name }), 0))) > 0);
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };
  onEnqueued(deps.store, pass);
  const timer = setInterval(pass, settingsOf(deps).pollMs);
  timer.unref();
  return {
    kick: pass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
