import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { useSession } from './session';

/** /admin: the start page. */
export default function Home() {
  const { user, container, rights } = useSession();
  const h = sv.admin.home;
  return (
    <>
      <h1>{h.title}</h1>
      <p>{h.welcome.replace('{name}', user?.given_name || user?.sub || '').replace('{company}', container?.displayName || container?.name || '')}</p>
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
    </>
  );
}
