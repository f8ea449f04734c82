import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../screens/candidate/Conversation';
import { mergeMessages } from '../../../../screens/candidate/messages';

const msg = (id: number, created: number, text = `m${id}`): ChatMessage => ({ id, channelId: 1, from: 'staff', text, created });

describe('the messages of a conversation as shown', () => {
  it('shows one’s own reply once whether the push’s echo or the send’s answer comes first', () => {
    const loaded = [msg(1, 100), msg(2, 110)];
    const reply = msg(3, 120, 'Hej! Svar kommer.');
    const echoFirst = mergeMessages(mergeMessages([], [reply]), [reply]);
    expect(mergeMessages(loaded, echoFirst).map((m) => m.text)).toEqual(['m1', 'm2', 'Hej! Svar kommer.']);
    // And once more after a reload that already holds it.
    expect(mergeMessages([...loaded, reply], [reply]).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('keeps the order in which they were written when a push overtakes an earlier one', () => {
    expect(mergeMessages([msg(1, 100)], [msg(5, 130), msg(4, 125)]).map((m) => m.id)).toEqual([1, 4, 5]);
  });
});
