import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { isValidEmail } from '../../engine/email';
import { fill } from '../../engine/fill';
import { publicGet } from '../api';
import type { ViewProps } from '../runner/types';

const t = sv.sso;
type Offer = { containerId: number; organisation: string } | null;

/**
 * Under the login form (schemas/screens/login.json `companion`): when the typed address's
 * domain belongs to an organisation that signs in its staff with its own OpenID provider
 * (GET /api/account/sso?email=, which answers from the domain alone), 'Logga in med
 * {organisation}' leads there (a full page load: the server sends the browser on). A sign-in
 * that came back refused (/login?sso=<why>) is said here in Swedish.
 */
export default function SsoLogin({ props }: ViewProps) {
  const typed = (props.form as { email?: unknown } | undefined)?.email;
  const email = typeof typed === 'string' ? typed.trim() : '';
  const [search] = useSearchParams();
  const reason = search.get('sso') ?? '';
  const problem = Object.hasOwn(t.errors, reason) ? t.errors[reason as keyof typeof t.errors] : '';
  const [offer, setOffer] = useState<Offer>(null);

  useEffect(() => {
    if (!isValidEmail(email)) {
      setOffer(null);
      return;
    }
    let live = true;
    // Asked once the typing pauses, not on every key.
    const timer = setTimeout(() => {
      publicGet<Offer>(`/api/account/sso?email=${encodeURIComponent(email)}`).then(
        (o) => live && setOffer(o ?? null),
        () => live && setOffer(null),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [email]);

  return (
    <>
      {problem && (
        <p role="alert" className="adm-error">
          {problem}
        </p>
      )}
      {offer && (
        <div className="scr-sso">
          <p>{fill(t.offer, { organisation: offer.organisation })}</p>
          <a className="adm-button adm-button-primary" href={`/api/account/sso/start?containerId=${offer.containerId}&email=${encodeURIComponent(email)}`}>
            {fill(t.button, { organisation: offer.organisation })}
          </a>
        </div>
      )}
    </>
  );
}
