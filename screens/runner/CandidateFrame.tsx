import { Link, Outlet } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import '../shared/admin.css';

/**
 * The candidate layout (spec document 1 §2: /admin/recruit, /admin/minasidor,
 * /admin/recruit-chat): a plain frame with the brand and the page, no staff shell, no guard.
 */
export default function CandidateFrame() {
  return (
    <div className="adm-session scr-candidate">
      <header className="adm-session-header">
        <Link to="/admin/recruit" className="adm-brand">
          {sv.admin.brand}
        </Link>
      </header>
      <main id="main" className="adm-session-main scr-candidate-main">
        <Outlet />
      </main>
    </div>
  );
}
