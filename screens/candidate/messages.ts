import type { ChatMessage } from './Conversation';

/**
 * A conversation's messages as shown: the loaded thread, then those that came later (the
 * live push, one's own sent message), each message once by id, in the order they were
 * written. One's own reply arrives twice — the send's answer and the push's echo, in either
 * order — and shows once.
 */
export function mergeMessages(loaded: readonly ChatMessage[], later: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of [...loaded, ...later]) if (!byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.created - b.created || a.id - b.id);
}
