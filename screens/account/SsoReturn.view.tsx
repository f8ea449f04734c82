import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { accountPost } from '../api';
import { useMailedLink } from '../runner/mailedLink';
import { useSession } from '../runner/session/session';
import { useLanding } from '../runner/session/sessionEffects';
import { validUser } from '../runner/session/token';

const t = sv.sso;

/**
 * /login/sso (schemas/screens/sso.json): where a sign-in through the organisation's provider comes
 * back, with a one-time hand-over token in the fragment (read once, wiped from the address bar).
 * It is traded at once for a session (POST /api/account/sso/confirm) and the person lands where
 * a login lands; a used or expired hand-over says so.
 */
export default function SsoReturn() {
  const link = useMailedLink(true);
  const { login } = useSession();
  const land = useLanding();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const sent = useRef(false);

  useEffect(() => {
    if (!link || sent.current) return;
    if (!link.token) {
      setFailed(true);
      return;
    }
    sent.current = true;
    accountPost('/api/account/sso/confirm', { token: link.token }).then(
      (answer) => {
        const token = (answer as { token?: unknown } | null)?.token;
        if (typeof token !== 'string') return setFailed(true);
        login(token);
        void navigate(land(validUser(token)?.sub ?? ''), { replace: true });
      },
      () => setFailed(true),
    );
  }, [link, login, land, navigate]);

  return failed ? (
    <p role="alert" className="adm-error">
      {t.errors.replayed}
    </p>
  ) : (
    <p role="status">{t.busy}</p>
  );
}
