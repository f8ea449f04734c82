import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { ApiError, getToken, login } from '../api';
import { useSession } from './session';
import { validUser } from './token';
import { SessionPage } from './SessionPage';

const t = sv.admin.login;

/**
 * /login. The spec's login failure is an empty result with no message; a person still
 * needs to know, so a generic text (not saying which of the two was wrong) is shown.
 */
export default function Login() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from;
  const target = from && from.startsWith('/admin') ? from : '/admin';

  if (session.user && validUser(getToken())) return <Navigate to={target} replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const token = await login(email.trim(), password);
      if (token && validUser(token)) {
        session.login(token);
        navigate(target, { replace: true });
        return;
      }
      setError(t.failed);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 429 ? err.message : sv.toast.errorRetry);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SessionPage title={t.title}>
      <form className="adm-session-form" onSubmit={submit} noValidate aria-describedby={error ? 'login-error' : undefined}>
        <label htmlFor="login-email">{t.email}</label>
        <input id="login-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="login-password">{t.password}</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p id="login-error" className="adm-form-error" role="alert">
          {error}
        </p>
        <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
          {t.submit}
        </button>
      </form>
      <p>
        <Link to={email.trim() ? `/forgot/${encodeURIComponent(email.trim())}` : '/forgot'}>{t.forgot}</Link>
      </p>
    </SessionPage>
  );
}
