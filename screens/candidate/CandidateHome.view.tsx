import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { CandidateLogin, CandidateNav, useCandidate } from './useCandidate';
import { isUnproven, ProveEmail } from './LinkRequest';
import { useOrganisation } from './useOrganisation';
import type { ViewProps } from '../runner/types';

const t = sv.candidate;

/** The sign-in or the way on of /admin/recruit (a view block of schemas/screens/recruit.json, under its heading and introduction): a sign-in link, login or registration; an unproven account is told to prove its address. */
export default function CandidateHome(_: ViewProps) {
  const { user, setToken } = useCandidate();
  // The organisations list doubles as the check that the address is proven.
  const org = useOrganisation(!!user);
  return (
    <>
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
