/**
 * The public site's router: the address as React state, links that move without a reload, and
 * the route patterns the site needs (`/positions/:id`, `/:ref/apply`). Not React Router, on
 * purpose: the apply page and the other public pages ship without its ~15 KB gzip (issue 18
 * item 3); the admin app keeps React Router (screens/admin/AdminRoot.tsx).
 */
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

export interface Place {
  pathname: string;
  search: string;
  hash: string;
}

interface Router {
  place: Place;
  navigate(to: string, options?: { replace?: boolean }): void;
}

const RouterContext = createContext<Router | null>(null);

function useRouter(): Router {
  const r = useContext(RouterContext);
  if (!r) throw new Error('public router: wrap the app in <BrowserLocation> or <StaticLocation>');
  return r;
}

function here(): Place {
  return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
}

/** The browser's address: follows back and forward, and `navigate` pushes (or replaces) history entries. */
export function BrowserLocation({ children }: { children: ReactNode }) {
  const [place, setPlace] = useState(here);
  useEffect(() => {
    const onPop = () => setPlace(here());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  // One function for the app's lifetime, so an effect that navigates does not run again on the move it made.
  const navigate = useCallback<Router['navigate']>((to, options) => {
    window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
    // Like React Router: the old page stays while the next one's code loads.
    startTransition(() => setPlace(here()));
  }, []);
  const value = useMemo<Router>(() => ({ place, navigate }), [place, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** A fixed address (the server's render of `url`). */
export function StaticLocation({ url, children }: { url: string; children: ReactNode }) {
  const value = useMemo<Router>(() => {
    const u = new URL(url, 'http://server.invalid');
    return {
      place: { pathname: u.pathname, search: u.search, hash: u.hash },
      navigate() {
        throw new Error('public router: no navigation while rendering on the server');
      },
    };
  }, [url]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): Place {
  return useRouter().place;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An `<a href>` that moves within the site without a reload (a modified click or another target keeps the browser's own behaviour). */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const { navigate } = useRouter();
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    if (rest.target && rest.target !== '_self') return;
    e.preventDefault();
    navigate(to);
  };
  return <a {...rest} href={to} onClick={click} />;
}

/** Replaces (or pushes) the address once rendered. */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  const { navigate } = useRouter();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The parameters when `pathname` matches `pattern` (`/positions/:id/apply`), else null; as
 * React Router matched: static parts case-insensitive, one trailing slash ignored, parameters
 * one non-empty segment each, URL-decoded.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const parts = pattern.split('/').filter(Boolean);
  const segments = pathname.replace(/\/$/, '').split('/').filter((s, i) => i > 0 || s !== '');
  if (segments.length !== parts.length || segments.some((s) => s === '')) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const seg = segments[i]!;
    if (part.startsWith(':')) params[part.slice(1)] = decode(seg);
    else if (part.toLowerCase() !== seg.toLowerCase()) return null;
  }
  return params;
}
