import { useEffect } from 'react';
import sv from '../../schemas/messages/sv.json';
import { dispatch } from '../api';
import { Conversation, type ChatMessage } from '../candidate/Conversation';
import { OrgPicker } from '../candidate/OrgPicker';
import { CandidateNav, useCandidate } from '../candidate/useCandidate';
import { candidateGate } from '../candidate/CandidateGate';
import { useOrganisation } from '../candidate/useOrganisation';
import { useLoad } from '../shared/useLoad';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';

const t = sv.candidate;
const POLL_MS = 5000;

/**
 * /admin/recruit-chat: the candidate's conversation with an organisation. A candidate is no
 * member of the organisation's real-time group, so answers are fetched every few seconds.
 */
export default function CandidateChat({ screen }: ViewProps) {
  const { user, setToken } = useCandidate();
  const org = useOrganisation(!!user);
  const thread = useLoad(async () => {
    if (!user || !org.id) return { channelId: 0, messages: [] as ChatMessage[] };
    const channels = (await dispatch('get_MessagingChannels', { containerId: org.id })) as { id: number }[];
    const id = channels[0]?.id;
    if (!id) return { channelId: 0, messages: [] as ChatMessage[] };
    const r = (await dispatch('get_channelMessages', { channelId: id })) as { messages: ChatMessage[] };
    return { channelId: id, messages: r.messages };
  }, `${user?.sub}:${org.id}`);
  const { reload } = thread;
  useEffect(() => {
    if (!user || !org.id) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [user, org.id, reload]);

  const gate = candidateGate(screen.title, { user, setToken }, org.list.error);
  if (gate || !user) return gate;
  return (
    <>
      <h1>{screen.title}</h1>
      <CandidateNav user={user} onLogout={() => setToken(null)} />
      {org.list.data?.length === 0 && <p>{t.noMessages}</p>}
      {org.list.data && <OrgPicker list={org.list.data} id={org.id} choose={org.choose} />}
      {thread.loading && !thread.data && <Loading />}
      {thread.error !== undefined && !thread.data && <Failure onRetry={thread.reload} />}
      {thread.data && org.id > 0 && (
        <Conversation
          side="candidate"
          messages={thread.data.messages}
          target={thread.data.channelId ? { channelId: thread.data.channelId } : { containerId: org.id }}
          onSent={() => thread.reload()}
        />
      )}
    </>
  );
}
