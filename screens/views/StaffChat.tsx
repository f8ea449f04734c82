import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { getToken } from '../api';
import { useContainer } from '../admin/session';
import { Conversation, type ChatMessage } from '../candidate/Conversation';
import { useLoad } from '../shared/useLoad';
import { Failure, Loading } from '../runner/states';
import { useScreenTitle } from '../runner/title';
import type { ViewProps } from '../runner/types';
import { connectHub, hubUrl } from '../shell/realtime';
import { viewCall } from '../runner/viewCall';

const call = viewCall('StaffChat');

const t = sv.candidate;

/** /admin/chat/:id: one conversation; the candidate's new messages arrive live over /notifications. */
export default function StaffChat({ screen }: ViewProps) {
  const id = Number(useParams().id);
  const container = useContainer();
  const thread = useLoad(() => call('get_channelMessages', { channelId: id }), String(id));
  const [live, setLive] = useState<ChatMessage[]>([]);
  useScreenTitle(thread.data ? fill(t.conversation, { name: thread.data.channel.name }) : screen.title);

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
  if (!thread.data) return <Failure onRetry={thread.reload} message={(thread.error as { status?: number })?.status === 404 ? t.notFound : undefined} />;
  const seen = new Set(thread.data.messages.map((m) => m.id));
  const messages = [...thread.data.messages, ...live.filter((m) => !seen.has(m.id))];
  return (
    <>
      <h1>{fill(t.conversation, { name: thread.data.channel.name })}</h1>
      <p>
        {thread.data.channel.email} · <Link to="/admin/chat">{t.chatTitle}</Link>
      </p>
      <Conversation side="staff" messages={messages} target={{ channelId: id }} onSent={(m) => setLive((prev) => [...prev, m])} />
    </>
  );
}
