import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { useSession, type Rights } from './session';
import './admin.css';

const n = sv.admin.nav;

interface NavItem {
  label: string;
  to: string;
  /** The right the screen needs; undefined: any logged-in user. */
  right?: keyof Rights;
  end?: boolean;
}

interface NavCategory {
  id: string;
  title: string;
  items: NavItem[];
}

/**
 * The spec's sidebar categories, with only the entries whose screens exist in this build
 * (a link to a screen that is not there would be a dead end). Categories left empty are
 * not shown.
 */
export const NAV: NavCategory[] = [
  { id: 'general', title: n.general, items: [{ label: n.start, to: '/admin', end: true }, { label: n.positions, to: '/admin/positions' }] },
  { id: 'settings', title: n.settings, items: [{ label: n.formTemplates, to: '/admin/form-templates', right: 'write' }] },
];

/** Spec document 1 §1: dev and staging hosts carry a banner. */
function isTestHost(hostname: string): boolean {
  const first = hostname.split('.')[0] ?? '';
  return first.includes('min-dev') || first.includes('min-staging');
}

function Sidebar({ onNavigate }: { onNavigate(): void }) {
  const { rights, user, container, containers, logout } = useSession();
  const navigate = useNavigate();
  return (
    <>
      {rights.write ? (
        <Link to="/admin/positions/new" className="adm-button adm-button-primary adm-create" onClick={onNavigate}>
          {sv.admin.createAd}
        </Link>
      ) : (
        <button type="button" className="adm-button adm-create" disabled aria-describedby="adm-create-denied">
          {sv.admin.createAd}
          <span id="adm-create-denied" className="adm-visually-hidden">
            {sv.admin.noPermissionCategory}
          </span>
        </button>
      )}
      <nav aria-label={n.label} className="adm-nav">
        {NAV.map((cat) => {
          const open = cat.items.some((i) => !i.right || rights[i.right]);
          return (
            <section key={cat.id} className={open ? 'adm-nav-cat' : 'adm-nav-cat adm-nav-cat-denied'} aria-labelledby={`adm-cat-${cat.id}`}>
              <h2 id={`adm-cat-${cat.id}`} className="adm-nav-title">
                {cat.title}
              </h2>
              {!open && <p className="adm-nav-warning">{sv.admin.noPermissionCategory}</p>}
              <ul>
                {cat.items.map((item) => (
                  <li key={item.to}>
                    {!item.right || rights[item.right] ? (
                      <NavLink to={item.to} end={item.end} className="adm-nav-link" onClick={onNavigate}>
                        {item.label}
                      </NavLink>
                    ) : (
                      <span className="adm-nav-link adm-nav-disabled" aria-disabled="true" title={sv.admin.noPermissionCategory}>
                        {item.label}
                        {open && <span className="adm-visually-hidden">, {sv.admin.noPermissionCategory}</span>}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </nav>
      <footer className="adm-sidebar-footer">
        <p className="adm-user">
          <span className="adm-user-name">
            {user?.given_name} {user?.family_name}
          </span>
          <span>{container?.displayName || container?.name}</span>
          <span className="adm-user-sub">{user?.sub}</span>
        </p>
        {containers.length > 1 && (
          <Link to="/admin/pick-container" className="adm-button adm-button-small">
            {n.switchCompany}
          </Link>
        )}
        <button
          type="button"
          className="adm-button adm-button-small"
          onClick={() => {
            logout();
            navigate('/login', { replace: true });
          }}
        >
          {n.logout}
        </button>
      </footer>
    </>
  );
}

/** The admin shell: skip link, top bar, sidebar (a drawer on narrow screens), main area. */
export default function Shell() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <div className={open ? 'adm-shell adm-shell-open' : 'adm-shell'}>
      <a className="adm-skip" href="#main">
        {n.skip}
      </a>
      {typeof location !== 'undefined' && isTestHost(location.hostname) && <p className="adm-test-banner">{sv.admin.testBanner}</p>}
      <header className="adm-topbar">
        <button
          type="button"
          className="adm-menu-toggle"
          aria-expanded={open}
          aria-controls="adm-sidebar"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? n.closeMenu : n.menu}
        </button>
        <Link to="/admin" className="adm-brand">
          {sv.admin.brand}
        </Link>
      </header>
      <div className="adm-body">
        <aside id="adm-sidebar" className="adm-sidebar">
          <Sidebar onNavigate={() => setOpen(false)} />
        </aside>
        <main id="main" className="adm-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
