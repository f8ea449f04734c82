import { randomBytes } from 'node:crypto';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ServerDeps } from '../../base/deps';
import type { IndexSpec, Store } from '../../store/port';
import { assertPublicUrl, UnsafeUrlError, type UrlProblem } from '../../base/public-address';
import { errors } from '../../errors';
import { DELIVERIES, kickWorker, WEBHOOKS, type DeliveryDoc, type WebhookDoc, type WebhookEvent } from './outbox';

/**
 * An organisation's webhooks (issue 29 item 6, Standard Webhooks): an administrator subscribes
 * a URL to events and gets the signing secret once; the deliveries (outbox.ts) are listed per
 * webhook and can be sent again.
 */

const m = sv.webhooks;
const MAX_PER_CONTAINER = 20;

const PROBLEM_TEXT: Record<UrlProblem, string> = {
  invalid: m.urlInvalid,
  scheme: m.urlScheme,
  private: m.urlPrivate,
  unresolved: m.urlUnresolved,
};

/** The URL's problem as a 400 at /url; nothing is stored. */
async function checkUrl(deps: Pick<ServerDeps, 'webhooks'>, url: string): Promise<void> {
  try {
    await assertPublicUrl(url, { allowPrivate: deps.webhooks?.allowPrivate === true });
  } catch (err) {
    if (!(err instanceof UnsafeUrlError)) throw err;
    const message = PROBLEM_TEXT[err.problem];
    throw errors.invalid([{ path: '/url', message }], message);
  }
}

/**
 * The indexes of webhooks and their outbox, made with the first webhook (not at every start:
 * an organisation without webhooks never reads either collection by more than its emptiness).
 */
const INDEXES: Record<string, IndexSpec[]> = {
  [WEBHOOKS]: [{ fields: { id: 1 }, unique: true }, { fields: { containerId: 1 } }],
  [DELIVERIES]: [
    { fields: { id: 1 }, unique: true },
    { fields: { status: 1, nextAt: 1 } },
    { fields: { webhookId: 1, subject: 1, seq: 1 } },
    { fields: { webhookId: 1, seq: -1 } },
  ],
};
const indexed = new WeakSet<Store>();

async function ensureIndexes(store: Store): Promise<void> {
  if (indexed.has(store)) return;
  for (const [name, specs] of Object.entries(INDEXES)) for (const spec of specs) await store.collection(name).ensureIndex(spec);
  indexed.add(store);
}

export async function createWebhook(deps: ServerDeps, containerId: number, by: number, input: { url: string; events: WebhookEvent[] }): Promise<{ id: number; secret: string }> {
  await checkUrl(deps, input.url);
  await ensureIndexes(deps.store);
  const col = deps.store.collection<WebhookDoc>(WEBHOOKS);
  if ((await col.count({ containerId })) >= MAX_PER_CONTAINER) throw errors.invalid([{ path: '/url', message: m.tooMany }], m.tooMany);
  const doc: WebhookDoc = {
    id: await deps.store.nextSequence(WEBHOOKS),
    containerId,
    url: input.url,
    events: [...new Set(input.events)],
    secret: `whsec_${randomBytes(32).toString('base64')}`,
    created: deps.now(),
    createdBy: by,
  };
  await col.insertOne(doc);
  return { id: doc.id, secret: doc.secret };
}

/** The organisation's webhooks without their secrets, with how their deliveries stand. */
export async function listWebhooks(deps: ServerDeps, containerId: number) {
  const hooks = await deps.store.collection<WebhookDoc>(WEBHOOKS).find({ containerId }, { sort: { id: 1 }, projection: { secret: 0 } });
  const out = [];
  for (const h of hooks) {
    const pending = await deps.store.collection(DELIVERIES).count({ webhookId: h.id, status: 'pending' });
    const failed = await deps.store.collection(DELIVERIES).count({ webhookId: h.id, status: 'failed' });
    out.push({ id: h.id, url: h.url, events: h.events, created: h.created, pending, failed });
  }
  return out;
}

async function ownWebhook(deps: ServerDeps, containerId: number, id: number): Promise<WebhookDoc> {
  const hook = await deps.store.collection<WebhookDoc>(WEBHOOKS).findOne({ id, containerId }, { projection: { secret: 0 } });
  if (!hook) throw errors.notFound();
  return hook;
}

/** Deletes a webhook and its deliveries: nothing more is sent to it. */
export async function deleteWebhook(deps: ServerDeps, containerId: number, id: number): Promise<{ id: number }> {
  await ownWebhook(deps, containerId, id);
  await deps.store.collection(WEBHOOKS).deleteOne({ id, containerId });
  await deps.store.collection(DELIVERIES).deleteMany({ webhookId: id });
  return { id };
}

const DELIVERY_PAGE = 100;

/** The delivery log of one webhook, newest first: status, tries, the last answer, the next try. */
export async function listDeliveries(deps: ServerDeps, containerId: number, id: number) {
  await ownWebhook(deps, containerId, id);
  const list = await deps.store
    .collection<DeliveryDoc>(DELIVERIES)
    .find({ webhookId: id }, { sort: { seq: -1 }, limit: DELIVERY_PAGE, projection: { body: 0 } });
  return list.map((d) => ({
    id: d.id,
    type: d.type,
    subject: d.subject,
    created: d.created,
    status: d.status,
    tries: d.tries,
    lastStatus: d.lastStatus ?? null,
    lastError: d.lastError ?? null,
    lastAt: d.lastAt ?? null,
    nextAt: d.status === 'pending' ? d.nextAt : null,
  }));
}

/**
 * 'Skicka igen': the delivery is due again now, with a fresh 24 hours of tries (its order
 * among the subject's deliveries stays). The same webhook-id: a receiver that got it already
 * knows it is the same message.
 */
export async function resendDelivery(deps: ServerDeps, containerId: number, deliveryId: string): Promise<{ id: string; status: 'pending' }> {
  const now = deps.now();
  const done = await deps.store
    .collection<DeliveryDoc>(DELIVERIES)
    .updateOne({ id: deliveryId, containerId }, { $set: { status: 'pending', nextAt: now, windowFrom: now } });
  if (!done) throw errors.notFound();
  kickWorker(deps.store);
  return { id: deliveryId, status: 'pending' };
}
