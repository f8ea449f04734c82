import { useEffect } from 'react';
import sv from '../../schemas/messages/sv.json';
import { Conversation, type ChatMessage } from './Conversation';
import { OrgPicker } from './OrgPicker';
import { CandidateNav, useCandidate } from './useCandidate';
import { candidateGate } from './CandidateGate';
import { useOrganisation } from './useOrganisation';
import { useLoad } from '../shared/useLoad';
import { Failure, Loading } from '../runner/states';
import { viewCall } from '../runner/viewCall';

const t = sv.candidate;
const POLL_MS = 5000;
const call = viewCall('CandidateChat');

/**
 * /admin/recruit-chat: the candidate's conversation with an organisation. A candidate is no
 * member of the organisation's real-time group, so answers are fetched every few seconds. A view
 * block of schemas/screens/recruit-chat.json, under its heading: the chat stays code.
 */
export default function CandidateChat() {
  const { user, setToken } = useCandidate();
  const org = useOrganisation(!!user);
  const thread = useLoad(async () => {
    if (!user || !org.id) return { channelId: 0, messages: [] as ChatMessage[] };
    const id = (await call('get_MessagingChannels', { containerId: org.id }))[0]?.id;
    if (!id) return { channelId: 0, messages: [] as ChatMessage[] };
    const { messages } = await call('get_channelMessages', { channelId: id });
    return { channelId: id, messages };
  }, `${user?.sub}:${org.id}`);
  const { reload } = thread;
  useEffect(() => {
    if (!user || !org.id) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [user, org.id, reload]);

  const gate = candidateGate({ user, setToken }, org.list.error);
  if (gate || !user) return gate;
  return (
    <>
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
