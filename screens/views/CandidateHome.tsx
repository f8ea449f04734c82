import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { CandidateLogin, CandidateNav, useCandidate } from '../candidate/useCandidate';
import { isUnproven, ProveEmail } from '../candidate/LinkRequest';
import { useOrganisation } from '../candidate/useOrganisation';
import type { ViewProps } from '../runner/types';

const t = sv.candidate;

/** /admin/recruit: the candidate's start page, with a sign-in link, login or registration; an unproven account is told to prove its address. */
export default function CandidateHome({ screen }: ViewProps) {
  const { user, setToken } = useCandidate();
  // The organisations list doubles as the check that the address is proven.
  const org = useOrganisation(!!user);
  return (
    <>
      <h1>{screen.title}</h1>
      <p>{t.intro}</p>
      {user ? (
        <>
          <CandidateNav user={user} onLogout={() => setToken(null)} />
          {isUnproven(org.list.error) && <ProveEmail email={user.sub} />}
          <ul className="adm-home-links">
            <li>
              <Link to="/admin/minasidor">{t.applications}</Link>
            </li>
            <li>
              <Link to="/admin/recruit-chat">{t.messages}</Link>
            </li>
          </ul>
        </>
      ) : (
        <CandidateLogin onToken={setToken} />
      )}
    </>
  );
}
