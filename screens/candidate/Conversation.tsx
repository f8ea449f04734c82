import { useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { formatStockholmDateTime } from '../../engine/dates';
import { ApiError, dispatch } from '../api';
import './candidate.css';
import { BusyButton } from '../shared/BusyButton';

const t = sv.candidate;
const MAX = 4000;

export interface ChatMessage {
  id: number;
  channelId: number;
  from: 'candidate' | 'staff';
  authorName?: string;
  text: string;
  created: number;
}

/** A thread and the box to write in; used by the candidate's page and by staff's /admin/chat/:id. */
export function Conversation({
  messages,
  side,
  target,
  onSent,
}: {
  messages: ChatMessage[];
  side: 'candidate' | 'staff';
  target: { channelId: number } | { containerId: number };
  onSent(m: ChatMessage): void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return setError(t.messageEmpty);
    if (text.trim().length > MAX) return setError(fill(t.messageTooLong, { max: '4 000' }));
    setBusy(true);
    setError('');
    try {
      const m = await dispatch('send_MessageCommand', { message: text, ...target });
      setText('');
      onSent(m);
    } catch (err) {
      setError(err instanceof ApiError && (err.status === 400 || err.status === 404) ? err.message : t.error);
    } finally {
      setBusy(false);
    }
  }

  const left = MAX - text.trim().length;
  return (
    <>
      {messages.length === 0 ? (
        <p>{t.noMessages}</p>
      ) : (
        <ol className="chat-thread" aria-live="polite" aria-label={t.messages}>
          {messages.map((m) => (
            <li key={m.id} className={m.from === side ? 'chat-mine' : undefined}>
              <small>
                {m.from === side ? t.you : m.authorName} · {formatStockholmDateTime(m.created)}
              </small>
              {m.text}
            </li>
          ))}
        </ol>
      )}
      <form className="cand-compose" onSubmit={send} noValidate>
        <label htmlFor="chat-text">{t.newMessage}</label>
        <textarea
          id="chat-text"
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={['chat-left', error ? 'chat-error' : ''].join(' ').trim()}
        />
        <small id="chat-left" style={left < 0 ? { color: '#b3261e' } : undefined}>
          {fill(t.charsLeft, { n: left })}
        </small>
        {error && (
          <p id="chat-error" className="adm-form-error" role="alert">
            {error}
          </p>
        )}
        <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
          {busy ? t.sending : t.send}
        </BusyButton>
      </form>
    </>
  );
}
