import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import type { Store } from '../../store/port';
import { loadContainer } from '../organisations/containers';
import type { ApplicationDoc } from '../core/docs';
import { notHiddenCondition } from './anonymous-screening';

/**
 * Conversations while a person's applications are anonymous (issue 24 item 3). A conversation
 * is one per person and organisation; staff see the person's name in it only when one of
 * their applications there is shown. Otherwise the conversation, its messages, the bell and
 * the live push go by 'Anonym sökande (samtal <id>)' — the conversation's own number, not the
 * application's, so nothing ties it to 'Sökande <id>' in the list — with no e-mail and no link
 * to an application.
 */

/** The person's latest application in the organisation that staff may see as theirs, or null. */
export async function shownApplication(store: Store, containerId: number, email: string) {
  const notHidden = await notHiddenCondition(store, await loadContainer(store, containerId));
  return store
    .collection<ApplicationDoc>('applications')
    .findOne({ containerId, email, ...(notHidden ? { $and: [notHidden] } : {}) }, { sort: { id: -1 }, projection: { id: 1, positionId: 1 } });
}

/**
 * The person's applications in the organisation that staff may see as theirs, newest first,
 * each with its position's name: the links from a conversation to the applications. None while
 * the person is anonymous (the link would name them).
 */
export async function shownApplications(store: Store, containerId: number, email: string): Promise<{ id: number; positionId: number; positionName: string }[]> {
  const notHidden = await notHiddenCondition(store, await loadContainer(store, containerId));
  const apps = await store
    .collection<ApplicationDoc>('applications')
    .find({ containerId, email, ...(notHidden ? { $and: [notHidden] } : {}) }, { sort: { id: -1 }, limit: 20, projection: { id: 1, positionId: 1 } });
  const positions = await store.collection<{ id: number; name: string }>('positions').find({ id: { $in: [...new Set(apps.map((a) => a.positionId))] } }, { projection: { id: 1, name: 1 } });
  const names = new Map(positions.map((p) => [p.id, p.name]));
  return apps.map((a) => ({ id: a.id, positionId: a.positionId, positionName: names.get(a.positionId) ?? '' }));
}

/** The id of the person's conversation with the organisation, if they have one (the link from an application to it). */
export async function conversationIdOf(store: Store, containerId: number, email: string): Promise<number | null> {
  if (!email) return null;
  const ch = await store.collection<{ id: number }>('chatChannels').findOne({ containerId, email }, { projection: { id: 1 } });
  return ch?.id ?? null;
}

/** Of these emails, those with no shown application in the organisation: their conversations are anonymous. */
export async function anonymousEmails(store: Store, containerId: number, emails: string[]): Promise<Set<string>> {
  const notHidden = await notHiddenCondition(store, await loadContainer(store, containerId));
  if (!notHidden || emails.length === 0) return new Set();
  const shown = await store
    .collection<ApplicationDoc>('applications')
    .find({ containerId, email: { $in: emails }, $and: [notHidden] }, { projection: { email: 1 } });
  const named = new Set(shown.map((a) => a.email));
  return new Set(emails.filter((e) => !named.has(e)));
}

/** The name an anonymous conversation goes by. */
function conversationName(channelId: number): string {
  return fill(sv.personFields.anonymous.conversationName, { id: channelId });
}

/** A conversation as staff may see it: unchanged, or with no name and e-mail of the person. */
export function screenedChannel<T extends { id: number; name: string; email: string }>(ch: T, hidden: boolean): T {
  return hidden ? { ...ch, name: conversationName(ch.id), email: '' } : ch;
}

/** A message as staff may see it: the person's own messages under the conversation's neutral name. */
export function screenedMessage<T extends { channelId: number; from: string; authorName: string; email: string }>(m: T, hidden: boolean): T {
  if (!hidden) return m;
  return { ...m, email: '', ...(m.from === 'candidate' ? { authorName: conversationName(m.channelId) } : {}) };
}
