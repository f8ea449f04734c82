import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { Bell } from './Bell';
import { GlobalSearch } from './Search';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';
import { useRouteFocus } from './useRouteFocus';
import { useSession } from '../runner/session/session';
import '../shared/admin.css';
import '../shared/dialog.css';
import './shell.css';

const t = sv.shell;

/** Spec document 1 §1: hosts whose first label contains min-dev or min-staging carry a banner. */
export function isTestHost(hostname: string): boolean {
  const first = hostname.split('.')[0] ?? '';
  return first.includes('min-dev') || first.includes('min-staging');
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
    </svg>
  );
}

/**
 * The admin shell (spec document 1 §2 "Admin shell"): skip link, test banner, top bar with
 * the menu toggle, global search, notification bell and user menu; the sidebar (a drawer
 * below 900 px that closes on route change and on Escape); the screen in <main>.
 */
export default function Shell() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { logout } = useSession();
  const toggle = useRef<HTMLButtonElement>(null);
  const banner = typeof location !== 'undefined' && isTestHost(location.hostname);

  useEffect(() => setOpen(false), [pathname]);
  useRouteFocus(pathname);
  useEffect(() => {
    if (!open) return;
    // The drawer takes focus when it opens (keyboard and screen-reader users land in it) and
    // keeps it: everything behind it except the toggle is inert while it is open, so Tab moves
    // between the drawer and the toggle that closes it.
    document.querySelector<HTMLElement>('#sh-sidebar a, #sh-sidebar button:not([disabled])')?.focus();
    const behind = [...document.querySelectorAll<HTMLElement>('.sh-skip, .sh-topbar > :not(.sh-menu-toggle), #main')];
    for (const el of behind) el.inert = true;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    // Widened past the drawer's breakpoint (shell.css), the sidebar is a column again: close.
    const wide = window.matchMedia('(min-width: 900px)');
    const onWide = () => wide.matches && setOpen(false);
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      for (const el of behind) el.inert = false;
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [open]);

  const onLogout = useCallback(() => {
    logout();
    navigate('/login', { replace: true });
  }, [logout, navigate]);

  return (
    <div className={`sh-shell${open ? ' sh-open' : ''}${banner ? ' sh-has-banner' : ''}`}>
      <a className="sh-skip" href="#main">
        {t.nav.skip}
      </a>
      <div className="sh-head">
        {banner && <p className="sh-test-banner">{sv.admin.testBanner}</p>}
        <header className="sh-topbar">
          <button
            ref={toggle}
            type="button"
            className="sh-icon-button sh-menu-toggle"
            aria-expanded={open}
            aria-controls="sh-sidebar"
            aria-label={t.nav.menu}
            onClick={() => setOpen((o) => !o)}
          >
            <MenuIcon open={open} />
          </button>
          <Link to="/admin" className="sh-brand">
            {sv.app.brand}
          </Link>
          <GlobalSearch />
          <Bell />
          <UserMenu onLogout={onLogout} />
        </header>
      </div>
      <div className="sh-body">
        {/* A click beside the open drawer closes it (pointer only; keyboard users have Escape and the toggle). */}
        {open && <div className="sh-backdrop" aria-hidden="true" onClick={() => setOpen(false)} />}
        <aside id="sh-sidebar" className="sh-sidebar">
          <Sidebar onNavigate={() => setOpen(false)} onLogout={onLogout} />
        </aside>
        <main id="main" className="sh-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
