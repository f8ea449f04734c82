import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sv from '../../../schemas/messages/sv.json';
import { Conversation } from '../../../screens/candidate/Conversation';
import { serveActions } from './harness';
import { json } from '../fetch';

afterEach(() => vi.unstubAllGlobals());

/** Issue 17: a staff answer to a conversation that went with the person's last application. */
describe('the chat box', () => {
  it("shows the server's Swedish reason when the conversation is gone, and keeps the text typed", async () => {
    const gone = { error: { code: 'not_found', message: sv.candidate.conversationGone } };
    serveActions({ send_MessageCommand: () => json(404, gone) });
    const onSent = vi.fn();
    render(<Conversation messages={[]} side="staff" target={{ channelId: 7 }} onSent={onSent} />);
    const box = screen.getByRole('textbox');
    fireEvent.change(box, { target: { value: 'Tack för din fråga!' } });
    fireEvent.submit(box.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe(sv.candidate.conversationGone);
    expect(box).toHaveProperty('value', 'Tack för din fråga!');
    expect(onSent).not.toHaveBeenCalled();
  });
});
