import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** What a mailed link carries in its fragment (`#token=…&email=…`): {link.token}, {link.email}. */
export interface MailedLink {
  token?: string;
  email?: string;
}

function fromHash(hash: string): MailedLink {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  return { ...(q.get('token') ? { token: q.get('token')! } : {}), ...(q.get('email') ? { email: q.get('email')! } : {}) };
}

/**
 * The fragment of a mailed link (a form's `link`): read once and kept in memory only, wiped from
 * the address bar at once (history, screen sharing; a router replace keeps no entry with it), so
 * the token never reaches a server log or a Referer; it travels only in the save's POST body. A
 * fresh fragment while the page is open (the link opened again) replaces it. Null when `on` is false.
 */
export function useMailedLink(on: boolean): MailedLink | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [link, setLink] = useState<MailedLink>(() => (on ? fromHash(location.hash) : {}));
  useEffect(() => {
    if (!on || !location.hash) return;
    const fresh = fromHash(location.hash);
    if (fresh.token) setLink(fresh);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state as unknown });
  }, [on, location.hash, location.pathname, location.search, location.state, navigate]);
  return on ? link : null;
}
