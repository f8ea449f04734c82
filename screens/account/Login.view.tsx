import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { ApiError, getToken, login } from '../api';
import { useSession } from '../runner/session/session';
import { landingAfterLogin, validUser } from '../runner/session/token';
import { isValidEmail } from '../../engine/email';
import { LinkRequest } from '../candidate/LinkRequest';
import '../candidate/candidate.css';

const t = sv.admin.login;

/**
 * The form of /login (a view block of schemas/screens/login.json, under its heading). The spec's login failure is an empty result with no message; a person still
 * needs to know, so a generic text (not saying which of the two was wrong) is shown.
 */
export default function Login() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  // The other way in: a one-time sign-in link mailed to the address (no password needed).
  const [withLink, setWithLink] = useState(false);
  const { from, owner } = (location.state as { from?: string; owner?: string | null } | null) ?? {};

  if (session.user && validUser(getToken())) return <Navigate to={landingAfterLogin(from, owner, session.user.sub)} replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError('');
    // Empty or malformed fields are said at the field, without asking the server.
    const wrong = {
      email: !email.trim() ? sv.builder.fieldRequired : !isValidEmail(email.trim()) ? sv.validators.validEmail : undefined,
      password: !password ? sv.builder.fieldRequired : undefined,
    };
    setFieldErrors(wrong);
    if (wrong.email || wrong.password) {
      document.getElementById(wrong.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    setBusy(true);
    try {
      const token = await login(email.trim(), password);
      const user = validUser(token);
      if (token && user) {
        session.login(token);
        navigate(landingAfterLogin(from, owner, user.sub), { replace: true });
        return;
      }
      setError(t.failed);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 429 ? err.message : sv.toast.errorRetry);
    } finally {
      setBusy(false);
    }
  }

  if (withLink) {
    return (
      <>
        <h2>{sv.signin.requestTitle}</h2>
        <p>{sv.signin.requestIntro}</p>
        <LinkRequest email={email.trim()} next={landingAfterLogin(from, owner, email.trim().toLowerCase())} idPrefix="login-link" />
        <p>
          <button type="button" className="cand-link" onClick={() => setWithLink(false)}>
            {sv.signin.orPassword}
          </button>
        </p>
      </>
    );
  }

  return (
    <>
      <form className="adm-session-form" onSubmit={submit} noValidate aria-describedby={error ? 'login-error' : undefined}>
        <label htmlFor="login-email">{t.email}</label>
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          required
          value={email}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? 'login-email-error' : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {fieldErrors.email && (
          <p id="login-email-error" className="adm-form-error">
            {fieldErrors.email}
          </p>
        )}
        <label htmlFor="login-password">{t.password}</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          aria-invalid={fieldErrors.password ? true : undefined}
          aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        {fieldErrors.password && (
          <p id="login-password-error" className="adm-form-error">
            {fieldErrors.password}
          </p>
        )}
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
      <p>
        <button type="button" className="cand-link" onClick={() => setWithLink(true)}>
          {sv.signin.loginWithLink}
        </button>
      </p>
    </>
  );
}
