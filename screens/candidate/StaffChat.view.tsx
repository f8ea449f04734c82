import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { getToken } from '../api';
import { useContainer } from '../runner/session/session';
import { Conversation, type ChatMessage } from './Conversation';
import { useLoad } from '../shared/useLoad';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { connectHub, hubUrl } from '../shell/realtime';
import { viewCall } from '../runner/viewCall';

const call = viewCall('StaffChat');

/**
 * The thread of /admin/chat/:id (a view block of schemas/screens/chat-channel.json, whose
 * record block names the candidate): the candidate's new messages arrive live over /notifications.
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
          if (e.notificationType === 'send_MessageCommand' && m && m.channelId === id) setLive((prev) => (prev.some((x) => x.id === m.id) ? prev : [...prev, m]));
        },
        onException() {},
        onReconnected: () => thread.reload(),
      },
    );
    return () => hub.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, container.id]);

  if (thread.loading && !thread.data) return <Loading />;
  // A missing conversation is said once, by the record block above.
  if (!thread.data) return (thread.error as { status?: number })?.status === 404 ? null : <Failure onRetry={thread.reload} />;
  const seen = new Set(thread.data.messages.map((m) => m.id));
  const messages = [...thread.data.messages, ...live.filter((m) => !seen.has(m.id))];
  return <Conversation side="staff" messages={messages} target={{ channelId: id }} onSent={(m) => setLive((prev) => [...prev, m])} />;
}
