import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { getToken } from '../api';
import { useContainer } from '../runner/session/session';
import { Conversation, type ChatMessage } from './Conversation';
import { useLoad } from '../shared/useLoad';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { connectHub, hubUrl } from '../shell/realtime';
import { viewCall } from '../runner/viewCall';
import { mergeMessages } from './messages';

const call = viewCall('StaffChat');
const t = sv.candidate;

/**
 * The thread of /admin/chat/:id (a view block of schemas/screens/chat-channel.json, whose
 * record block names the candidate): the candidate's new messages arrive live over /notifications,
 * and the person's applications staff may see are linked above the thread.
 */
export default function StaffChat(_: ViewProps) {
  const id = Number(useParams().id);
  const container = useContainer();
  const thread = useLoad(() => call('get_channelMessages', { channelId: id }), String(id));
  const [live, setLive] = useState<ChatMessage[]>([]);

  useEffect(() => {
    setLive([]);
    const token = getToken();
    if (!token) return;
    const hub = connectHub(
      { url: hubUrl(token), containerId: container.id },
      {
        onNotification(e) {
          const m = e.chatMessage as ChatMessage | undefined;
          if (e.notificationType === 'send_MessageCommand' && m && m.channelId === id) setLive((prev) => mergeMessages(prev, [m]));
        },
        onException() {},
        onReconnected: () => thread.reload(),
      },
    );
    return () => hub.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one hub connection per conversation; the thread's reload is read when an event comes
  }, [id, container.id]);

  if (thread.loading && !thread.data) return <Loading />;
  // A missing conversation is said once, by the record block above.
  if (!thread.data) return (thread.error as { status?: number })?.status === 404 ? null : <Failure onRetry={thread.reload} />;
  const messages = mergeMessages(thread.data.messages, live);
  const applications = thread.data.applications ?? [];
  return (
    <>
      {applications.length > 0 && (
        <nav aria-label={t.applicationsOfPerson} className="chat-applications">
          <h2>{t.applicationsOfPerson}</h2>
          <ul>
            {applications.map((a) => (
              <li key={a.id}>
                <Link to={`/admin/positions/${a.positionId}/applicants/${a.id}`}>{fill(t.applicationOfPerson, { position: a.positionName })}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {/* One's own reply comes back as the send's answer and as the push's echo: shown once (mergeMessages). */}
      <Conversation side="staff" messages={messages} target={{ channelId: id }} onSent={(m) => setLive((prev) => mergeMessages(prev, [m]))} />
    </>
  );
}
