import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from './router';
import { usePublicSite } from './context';
import { SiteFooter } from './SiteFooter';
import { themeVariables } from './theme';
import type { PublicContainer } from './types';
import sv from '../../schemas/messages/sv.json';

const s = sv.public;

/**
 * The public shell: skip link, test banner, top bar (portal) or the organisation's header,
 * main landmark, footer. The portal's top bar is hidden when the host already resolved the
 * organisation (spec document 1 §2); that organisation's own header takes its place.
 */
export function PublicLayout({ pageContainer, children }: { pageContainer: PublicContainer | null; children: ReactNode }) {
  const { rules, hostContainer } = usePublicSite();
  const resolved = hostContainer !== 'loading' && hostContainer !== null ? hostContainer : null;
  const container = resolved ?? pageContainer;
  const mainRef = useMainFocusOnNavigation();
  return (
    <div className="pub-root" style={themeVariables(container?.theme)}>
      <a className="pub-skip" href="#pub-main">
        {s.skipToContent}
      </a>
      <header className="pub-header">
        {rules.testBanner && <p className="pub-test-banner">{s.testBanner}</p>}
        {resolved ? <OrganisationHeader container={resolved} /> : hostContainer === 'loading' ? <div className="pub-bar" /> : <PortalBar />}
      </header>
      <main id="pub-main" className="pub-main" tabIndex={-1} ref={mainRef}>
        {children}
      </main>
      <SiteFooter container={container} />
    </div>
  );
}

function PortalBar() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <div className="pub-bar">
      <Link to="/" className="pub-logo">
        {s.logoText}
      </Link>
      <button type="button" className="pub-menu-toggle" aria-expanded={open} aria-controls="pub-nav" onClick={() => setOpen((o) => !o)}>
        {s.menu}
      </button>
      <nav id="pub-nav" className={open ? 'pub-nav pub-nav-open' : 'pub-nav'} aria-label={s.mainNav}>
        <ul>
          <li>
            <Link to="/positions" className="pub-nav-link">
              {s.searchJobs}
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

function OrganisationHeader({ container }: { container: PublicContainer }) {
  const logo = container.profile?.logo;
  return (
    <div className="pub-bar pub-org-bar">
      <Link to="/" className="pub-logo">
        {logo ? <img src={logo} alt={container.displayName} className="pub-logo-img" /> : container.displayName}
      </Link>
    </div>
  );
}

/** After an in-app navigation, focus moves to the main content so screen readers start there. */
function useMainFocusOnNavigation() {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus({ preventScroll: false });
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return ref;
}
