import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { useSession } from './session';
import { fill } from '../../engine/fill';
import { LatestNews } from '../news/LatestNews';

/** /admin: the start page. */
export default function Home() {
  const { user, container, rights } = useSession();
  const h = sv.admin.home;
  return (
    <>
      <h1>{h.title}</h1>
      <p>{fill(h.welcome, { name: user?.given_name || user?.sub || '', company: container?.displayName || container?.name || '' })}</p>
      <ul className="adm-home-links">
        <li>
          <Link to="/admin/positions">{h.positions}</Link>
        </li>
        {rights.write && (
          <>
            <li>
              <Link to="/admin/positions/new">{sv.admin.createAd}</Link>
            </li>
            <li>
              <Link to="/admin/form-templates">{h.formTemplates}</Link>
            </li>
          </>
        )}
      </ul>
      <LatestNews />
    </>
  );
}
