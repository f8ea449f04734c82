import type { ReactElement } from 'react';
import { isUnproven, ProveEmail } from './LinkRequest';
import { CandidateLogin, CandidateNav, type useCandidate } from './useCandidate';

type Candidate = ReturnType<typeof useCandidate>;

/**
 * The candidate pages' first two states, or null when the page itself may show: signed out →
 * the sign-in form; an address not proven yet (the server's 403 `email_unproven` on loading
 * the organisations) → 'Bekräfta din e-postadress'. The page's heading is above it (a page screen).
 */
export function candidateGate({ user, setToken }: Pick<Candidate, 'user' | 'setToken'>, loadError: unknown): ReactElement | null {
  if (!user) {
    return <CandidateLogin onToken={setToken} />;
  }
  if (!isUnproven(loadError)) return null;
  return (
    <>
      <CandidateNav user={user} onLogout={() => setToken(null)} />
      <ProveEmail email={user.sub} />
    </>
  );
}
