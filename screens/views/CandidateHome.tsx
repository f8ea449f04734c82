import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { CandidateLogin, CandidateNav, useCandidate } from '../candidate/useCandidate';
import type { ViewProps } from '../runner/types';

const t = sv.candidate;

/** /admin/recruit: the candidate's start page, with login or registration. */
export default function CandidateHome({ screen }: ViewProps) {
  const { user, setToken } = useCandidate();
  return (
    <>
      <h1>{screen.title}</h1>
      <p>{t.intro}</p>
      {user ? (
        <>
          <CandidateNav user={user} onLogout={() => setToken(null)} />
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
