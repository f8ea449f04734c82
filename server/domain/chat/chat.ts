import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import { hasAccess } from '../accounts/access';
import type { ServerDeps } from '../../base/deps';
import type { Principal } from '../../base/principal';
import { errors, HttpError } from '../../errors';
import { strip, type ApplicationDoc, type Stored } from '../core/docs';
import { removeConversationsLeft } from '../gdpr/removal';
import { candidateEmail } from '../accounts/candidate';
import { mailCandidateAboutAnswer } from './chat-mail';
import { confirmationCounters } from '../mail/email';
import { anonymousEmails, screenedChannel, screenedMessage, shownApplication, shownApplications } from '../screening/chat-screening';
import type { ChatChannel, ChatMessage } from '../../../schemas/generated/entities';

/**
 * Messages between an organisation's staff and a person who applied there. One
 * conversation (channel) per person and organisation. Staff with any right in the
 * organisation read and answer every conversation of it; the person reads and answers only
 * their own, found by the email of their account. Anyone else gets 404, as if the channel
 * did not exist. A candidate's message is pushed live to the organisation's group as a
 * Notification of type send_MessageCommand (and kept in the bell); a staff answer is pushed too,
 * so colleagues with the conversation open see it.
 */

export const MESSAGE_MAX = 4000;

export type ChannelDoc = Stored<ChatChannel, keyof ChatChannel>;

export type MessageDoc = Stored<ChatMessage, 'authorId' | 'authorName'>;

const channels = (deps: ServerDeps) => deps.store.collection<ChannelDoc>('chatChannels');
const messages = (deps: ServerDeps) => deps.store.collection<MessageDoc>('chatMessages');

const indexed = new WeakSet<object>();
async function ensureIndexes(deps: ServerDeps) {
  if (indexed.has(deps.store)) return;
  await channels(deps).ensureIndex({ fields: { id: 1 }, unique: true });
  await channels(deps).ensureIndex({ fields: { containerId: 1, email: 1 }, unique: true });
  await messages(deps).ensureIndex({ fields: { channelId: 1, id: 1 } });
  indexed.add(deps.store);
}

const isStaff = (deps: ServerDeps, p: Principal, containerId: number) => hasAccess(deps, p, 'read', 'container', { containerId });

/** The caller's side of a channel, or 404 when the caller has no business there. */
async function sideOf(deps: ServerDeps, p: Principal, ch: ChannelDoc): Promise<'staff' | 'candidate'> {
  if (await isStaff(deps, p, ch.containerId)) return 'staff';
  if (candidateEmail(p) === ch.email) return 'candidate';
  // The same answer as a channel that is gone, so a stranger cannot tell the two apart.
  throw errors.notFound(sv.candidate.conversationGone);
}

async function loadChannel(deps: ServerDeps, p: Principal, id: number) {
  const ch = await channels(deps).findOne({ id });
  // Gone with the person's last application (removal.ts), or never made: one answer for both.
  if (!ch) throw errors.notFound(sv.candidate.conversationGone);
  return { channel: ch, side: await sideOf(deps, p, ch) };
}

/** The person's own channel in a container, made on first use; 404 unless they applied there. */
async function ownChannel(deps: ServerDeps, email: string, containerId: number): Promise<ChannelDoc> {
  const existing = await channels(deps).findOne({ containerId, email });
  if (existing) return existing;
  const app = await deps.store.collection<ApplicationDoc>('applications').findOne({ containerId, email }, { sort: { id: -1 }, projection: { id: 1, info: 1 } });
  if (!app) throw errors.notFound();
  const now = deps.now();
  const doc: ChannelDoc = {
    id: await deps.store.nextSequence('chatChannels'),
    containerId,
    email,
    name: app.info?.name || email,
    created: now,
    updated: now,
    lastText: '',
    lastFrom: 'candidate',
    unreadStaff: 0,
    unreadCandidate: 0,
  };
  try {
    return await channels(deps).insertOne(doc);
  } catch {
    // Two first messages at once: the unique (containerId, email) index keeps one channel.
    const again = await channels(deps).findOne({ containerId, email });
    if (!again) throw errors.conflict();
    return again;
  }
}

/** What one person may write through Mina sidor in an hour: per conversation, and in all their conversations together. */
export const CANDIDATE_MESSAGES_PER_CONVERSATION = 30;
const CANDIDATE_MESSAGES_PER_SENDER = 60;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts a candidate's message against the hourly limits (shared across instances with Redis),
 * the same guard mailed replies have (inbound-replies.ts): every message rings the recruiters'
 * bell and may mail them, so a flood is refused with 429 before anything is stored.
 */
async function takeCandidateMessage(deps: ServerDeps, channel: ChannelDoc, userId: number): Promise<void> {
  const counters = confirmationCounters(deps);
  const perConversation = await counters.take(`limit\nchat-channel\n${channel.id}`, CANDIDATE_MESSAGES_PER_CONVERSATION, HOUR_MS);
  const perSender = perConversation.taken ? await counters.take(`limit\nchat-sender\n${userId}`, CANDIDATE_MESSAGES_PER_SENDER, HOUR_MS) : null;
  if (!perConversation.taken || !perSender?.taken) throw new HttpError(429, 'rate_limited', sv.candidate.tooManyMessages);
}

export async function sendMessage(deps: ServerDeps, p: Principal, input: { message: string; channelId?: number; containerId?: number }) {
  await ensureIndexes(deps);
  const text = input.message.trim();
  if (!text) throw errors.invalid([{ path: '/message', message: sv.candidate.messageEmpty }], sv.candidate.messageEmpty);
  if (text.length > MESSAGE_MAX) {
    const msg = fill(sv.candidate.messageTooLong, { max: '4 000' });
    throw errors.invalid([{ path: '/message', message: msg }], msg);
  }
  let channel: ChannelDoc;
  let side: 'staff' | 'candidate';
  if (input.channelId !== undefined) ({ channel, side } = await loadChannel(deps, p, input.channelId));
  else if (input.containerId !== undefined) {
    channel = await ownChannel(deps, candidateEmail(p), input.containerId);
    side = 'candidate';
  } else throw errors.invalid([{ path: '/channelId', message: sv.server.fields.missing }]);
  if (side === 'candidate') await takeCandidateMessage(deps, channel, p.userId);
  const authorName = `${p.givenName} ${p.familyName}`.trim() || (side === 'candidate' ? channel.name : p.email);
  const saved = await post(deps, channel, { from: side, authorId: p.userId, authorName, text });
  // Staff get their message back as they read the conversation (chat-screening.ts).
  return side === 'staff' ? screenedMessage(saved as MessageDoc, !(await shownApplication(deps.store, channel.containerId, channel.email))) : saved;
}

/**
 * A reply mail from the applicant (server/domain/inbound-replies.ts): a candidate's message in
 * their conversation with the organisation, as if written on Mina sidor, marked `via: 'email'`.
 * 404 when the person has no application there any more.
 */
export async function receiveMailedMessage(deps: ServerDeps, containerId: number, email: string, text: string) {
  await ensureIndexes(deps);
  const channel = await ownChannel(deps, email, containerId);
  return post(deps, channel, { from: 'candidate', authorId: 0, authorName: channel.name, text: text.slice(0, MESSAGE_MAX), via: 'email' });
}

async function post(deps: ServerDeps, channel: ChannelDoc, m: Pick<MessageDoc, 'from' | 'authorId' | 'authorName' | 'text'> & { via?: 'email' }) {
  const side = m.from;
  const text = m.text;
  const now = deps.now();
  const doc: MessageDoc = {
    id: await deps.store.nextSequence('chatMessages'),
    channelId: channel.id,
    containerId: channel.containerId,
    email: channel.email,
    ...m,
    created: now,
  };
  const saved = strip(await messages(deps).insertOne(doc));
  // The person's last application went (withdrawn, deleted) while this message was on its way,
  // from either side: the conversation follows it (removal.ts), message included, and the writer
  // is told why. A staff answer must not outlive it: the person could never read it.
  if ((await deps.store.collection('applications').count({ containerId: channel.containerId, email: channel.email })) === 0) {
    await removeConversationsLeft(deps, channel.containerId, [channel.email]);
    throw errors.notFound(sv.candidate.conversationGone);
  }
  await channels(deps).updateOne(
    { id: channel.id },
    { $set: { updated: now, lastText: text.slice(0, 140), lastFrom: side }, $inc: side === 'candidate' ? { unreadStaff: 1 } : { unreadCandidate: 1 } },
  );
  await push(deps, channel, saved as MessageDoc);
  if (side === 'staff') await mailCandidateAboutAnswer(deps, channel);
  return saved;
}

/**
 * What the bell shows of a message (not stored here): the person's latest application in the
 * organisation that is not anonymous, if any. With none, the person is anonymous to staff
 * (chat-screening.ts): no name and no link to an application.
 */
async function messageNotice(deps: ServerDeps, channel: ChannelDoc, m: MessageDoc) {
  const app = await shownApplication(deps.store, channel.containerId, channel.email);
  const hidden = !app;
  const data = { positionId: app?.positionId ?? 0, id: app?.id ?? 0, channelId: channel.id };
  const base = {
    containerId: channel.containerId,
    type: 'send_MessageCommand',
    title: sv.candidate.notificationTitle,
    message: fill(sv.candidate.notificationMessage, { name: screenedChannel(channel, hidden).name, text: m.text.slice(0, 60) }),
    timestamp: m.created,
    read: false,
    data,
  };
  return { hidden, base };
}

function messageEvent(notification: Record<string, unknown>, m: MessageDoc, hidden: boolean) {
  return { ...notification, type: 'Notification' as const, notificationType: 'send_MessageCommand', notification, chatMessage: screenedMessage(m, hidden) };
}

/** Live delivery to the organisation's group; a candidate's message also goes to the bell. */
async function push(deps: ServerDeps, channel: ChannelDoc, m: MessageDoc) {
  try {
    const { hidden, base } = await messageNotice(deps, channel, m);
    let stored: number | undefined;
    if (m.from === 'candidate') {
      stored = await deps.store.nextSequence('notifications');
      await deps.store.collection('notifications').insertOne({ id: stored, ...base, data: { positionId: base.data.positionId, id: base.data.id } });
    }
    const ref = { kind: 'message' as const, containerId: channel.containerId, messageId: m.id, ...(stored ? { notificationId: stored } : {}) };
    deps.hub.publish(channel.containerId, messageEvent({ id: stored ?? m.id, ...base }, m, hidden), ref);
  } catch (err) {
    deps.log.warn('message push failed', { containerId: channel.containerId, error: (err as Error).name });
  }
}

/**
 * The push of a stored message rebuilt from the store (another instance announced it by id):
 * null when the message, its conversation or the named bell notification is not in that organisation.
 */
export async function storedMessageEvent(deps: ServerDeps, containerId: number, messageId: number, notificationId?: number) {
  const m = (await messages(deps).findOne({ id: messageId, containerId })) as MessageDoc | null;
  const channel = m && ((await channels(deps).findOne({ id: m.channelId, containerId })) as ChannelDoc | null);
  if (!m || !channel) return null;
  if (notificationId !== undefined && !(await deps.store.collection('notifications').findOne({ id: notificationId, containerId, type: 'send_MessageCommand' }))) return null;
  const { hidden, base } = await messageNotice(deps, channel, m);
  return messageEvent({ id: notificationId ?? m.id, ...base }, strip(m) as MessageDoc, hidden);
}

/** Staff: every conversation of the organisation, latest first. A candidate: their own, if any. */
export async function listChannels(deps: ServerDeps, p: Principal, containerId: number) {
  await ensureIndexes(deps);
  if (!(await deps.store.collection('containers').findOne({ id: containerId }, { projection: { id: 1 } }))) throw errors.notFound();
  const staff = await isStaff(deps, p, containerId);
  const filter = staff ? { containerId } : { containerId, email: candidateEmail(p) };
  const list = await channels(deps).find(filter, { sort: { updated: -1 }, limit: 500 });
  const hidden = staff ? await anonymousEmails(deps.store, containerId, list.map((c) => c.email)) : new Set<string>();
  return list.map((c) => screenedChannel(strip(c), hidden.has(c.email)));
}

/** A conversation's messages, oldest first; reading marks the reader's side as read. */
export async function channelMessages(deps: ServerDeps, p: Principal, channelId: number) {
  const { channel, side } = await loadChannel(deps, p, channelId);
  const list = await messages(deps).find({ channelId }, { sort: { id: 1 }, limit: 1000 });
  await channels(deps).updateOne({ id: channelId }, { $set: side === 'staff' ? { unreadStaff: 0 } : { unreadCandidate: 0 } });
  // Staff get the links to the person's applications they may see as theirs (none while anonymous).
  const applications = side === 'staff' ? await shownApplications(deps.store, channel.containerId, channel.email) : [];
  const hidden = side === 'staff' && applications.length === 0;
  const read = strip({ ...channel, ...(side === 'staff' ? { unreadStaff: 0 } : { unreadCandidate: 0 }) });
  return { channel: screenedChannel(read, hidden), side, messages: list.map((m) => screenedMessage(strip(m), hidden)), ...(side === 'staff' ? { applications } : {}) };
}
