import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { useSession } from '../runner/session/session';
import { useScreens } from '../runner/context';
import { buildNav, isCurrent } from './nav';
import { useUnreadConversations } from './useUnreadConversations';
import { fill } from '../../engine/fill';

const t = sv.shell;
const DENIED = sv.admin.noPermissionCategory;

function CreateAd({ enabled, onNavigate }: { enabled: boolean; onNavigate(): void }) {
  if (enabled) {
    return (
      <Link to="/admin/positions/new" className="bk-btn bk-btn-primary sh-create" onClick={onNavigate}>
        {sv.admin.createAd}
      </Link>
    );
  }
  return (
    <button type="button" className="bk-btn sh-create" disabled aria-describedby="sh-create-denied">
      {sv.admin.createAd}
      <span id="sh-create-denied" className="bk-visually-hidden">
        {DENIED}
      </span>
    </button>
  );
}

/** The sidebar: 'Skapa annons', the navigation landmark 'Huvudmeny' built from the screen files, and the user footer. */
export function Sidebar({ onNavigate, onLogout }: { onNavigate(): void; onLogout(): void }) {
  const { rights, user, container, containers } = useSession();
  const screens = useScreens();
  const { pathname } = useLocation();
  const groups = buildNav(screens, rights);
  // 'Meddelanden' (the chat screen) carries the number of conversations with unread messages.
  const unread = useUnreadConversations();
  const countOf = (id: string) => (id === 'chat' && unread ? unread : 0);
  const nav = useRef<HTMLElement>(null);
  // The menu scrolls on its own; the active item is scrolled into it, so it shows without scrolling by hand.
  useEffect(() => {
    const box = nav.current;
    const active = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !active) return;
    const top = active.offsetTop - box.offsetTop;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + active.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + active.offsetHeight - box.clientHeight;
  }, [pathname, groups.length]);
  return (
    <>
      <CreateAd enabled={rights.write} onNavigate={onNavigate} />
      <nav ref={nav} aria-label={t.nav.label} className="sh-nav">
        {groups.map((g) => (
          <section key={g.category} className={g.enabled ? 'sh-nav-cat' : 'sh-nav-cat sh-nav-cat-denied'} aria-labelledby={`sh-cat-${g.items[0]?.id}`}>
            <h2 id={`sh-cat-${g.items[0]?.id}`} className="sh-nav-title">
              {g.category}
            </h2>
            {!g.enabled && <p className="sh-nav-warning">{DENIED}</p>}
            <ul>
              {g.items.map((item) => (
                <li key={item.id}>
                  {item.enabled ? (
                    // A plain Link: NavLink would mark Start (/admin) current on every admin page by itself.
                    <Link
                      to={item.to}
                      className={isCurrent(item.to, pathname) ? 'sh-nav-link active' : 'sh-nav-link'}
                      aria-current={isCurrent(item.to, pathname) ? 'page' : undefined}
                      onClick={onNavigate}
                    >
                      {item.label}
                      {countOf(item.id) > 0 && (
                        <>
                          <span className="sh-nav-count" aria-hidden="true">
                            {countOf(item.id)}
                          </span>
                          <span className="bk-visually-hidden">, {fill(t.nav.unreadConversations, { count: countOf(item.id) })}</span>
                        </>
                      )}
                    </Link>
                  ) : (
                    <span className="sh-nav-link sh-nav-disabled" aria-disabled="true" title={DENIED}>
                      {item.label}
                      {g.enabled && <span className="bk-visually-hidden">, {DENIED}</span>}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <section className="sh-footer" aria-label={t.footer.label}>
        <p className="sh-user">
          <span className="sh-user-name">
            {user?.given_name} {user?.family_name}
          </span>
          <span className="sh-user-company">{container?.displayName || container?.name}</span>
          <span className="sh-user-sub">{user?.sub}</span>
        </p>
        <div className="sh-footer-actions">
          {containers.length > 1 && (
            <Link to="/admin/pick-container" className="bk-btn sh-small" onClick={onNavigate}>
              {t.footer.switchCompany}
            </Link>
          )}
          <Link to="/admin/change-password" className="bk-btn sh-small" onClick={onNavigate}>
            {t.footer.changePassword}
          </Link>
          <button type="button" className="bk-btn sh-small" onClick={onLogout}>
            {t.footer.logout}
          </button>
        </div>
      </section>
    </>
  );
}
