import { useState, type FormEvent } from 'react';
import { NavLink } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { ApiError, getToken, publicPost, TOKEN_KEY } from '../api';
import { clearStoredSession, validUser, type TokenUser } from '../runner/session/token';
import { LinkRequest } from './LinkRequest';
import './candidate.css';
import { BusyButton } from '../shared/BusyButton';

const t = sv.candidate;

/** The candidate's session: the same stored token as staff use, read without the staff shell. */
export function useCandidate(): { user: TokenUser | null; setToken(token: string | null): void } {
  const [token, set] = useState(() => getToken());
  const user = validUser(token);
  return {
    user,
    setToken(next) {
      if (next) localStorage.setItem(TOKEN_KEY, next);
      else clearStoredSession();
      set(next);
    },
  };
}

/**
 * The way in: a sign-in link mailed to the address the person applied with (the default),
 * or login with a password, or registration. A password account sees nothing until its
 * address is proven by a mailed link (the server says so; ProveEmail shows it).
 */
export function CandidateLogin({ onToken }: { onToken(token: string): void }) {
  const [mode, setMode] = useState<'link' | 'login' | 'register'>('link');
  if (mode === 'link') {
    return (
      <section aria-labelledby="cand-link-title">
        <h2 id="cand-link-title">{sv.signin.requestTitle}</h2>
        <p>{sv.signin.requestIntro}</p>
        <LinkRequest idPrefix="cand-link" />
        <button type="button" className="cand-link" onClick={() => setMode('login')}>
          {sv.signin.orPassword}
        </button>
      </section>
    );
  }
  return <PasswordLogin onToken={onToken} mode={mode} setMode={setMode} />;
}

function PasswordLogin({ onToken, mode, setMode }: { onToken(token: string): void; mode: 'login' | 'register'; setMode(m: 'link' | 'login' | 'register'): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  // The server's refusals per field (details[].path), shown at the field.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    setFieldErrors({});
    setBusy(true);
    try {
      if (mode === 'register') await publicPost('/api/account/register', { email, password, confirmPassword: confirm });
      const r = await publicPost<{ token: string } | null>('/api/account/login', { email, password });
      const token = (r as { token?: string } | null)?.token;
      if (!token) throw new ApiError(401, { code: 'unauthorized', message: t.loginFailed });
      onToken(token);
    } catch (err) {
      const details = (err instanceof ApiError ? err.body.details : undefined) ?? [];
      const byField: Record<string, string> = {};
      for (const d of details) {
        const field = (d.path ?? '').replace(/^\//, '');
        if (['email', 'password', 'confirmPassword'].includes(field) && !byField[field]) byField[field] = d.message;
      }
      setFieldErrors(byField);
      const rest = details.filter((d) => !byField[(d.path ?? '').replace(/^\//, '')]).map((d) => d.message).join(' ');
      if (Object.keys(byField).length > 0) setError(rest);
      else setError(rest || (err instanceof ApiError && err.status === 401 ? t.loginFailed : err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : t.error));
    } finally {
      setBusy(false);
    }
  }

  const invalid = (field: string) =>
    fieldErrors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `cand-${field}-error` } : {};
  const fieldError = (field: string) =>
    fieldErrors[field] ? (
      <p id={`cand-${field}-error`} className="adm-form-error" role="alert">
        {fieldErrors[field]}
      </p>
    ) : null;

  return (
    <form className="cand-card" onSubmit={submit} noValidate aria-describedby={error ? 'cand-login-error' : undefined}>
      <h2>{mode === 'login' ? t.login : t.register}</h2>
      <label htmlFor="cand-email">{t.email}</label>
      <input id="cand-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} {...invalid('email')} />
      {fieldError('email')}
      <label htmlFor="cand-password">{t.password}</label>
      <input id="cand-password" type="password" autoComplete={mode === 'login' ? 'current-password' : 'new-password'} value={password} onChange={(e) => setPassword(e.target.value)} {...invalid('password')} />
      {fieldError('password')}
      {mode === 'register' && (
        <>
          <label htmlFor="cand-confirm">{t.confirmPassword}</label>
          <input id="cand-confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} aria-invalid={fieldErrors.confirmPassword ? true : undefined} aria-describedby={fieldErrors.confirmPassword ? 'cand-pw-hint cand-confirmPassword-error' : 'cand-pw-hint'} />
          {fieldError('confirmPassword')}
          <small id="cand-pw-hint">{t.passwordHint}</small>
        </>
      )}
      {error && (
        <p id="cand-login-error" className="adm-form-error" role="alert">
          {error}
        </p>
      )}
      <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
        {mode === 'login' ? t.login : t.register}
      </BusyButton>
      <button type="button" className="cand-link" onClick={() => {
          setMode(mode === 'login' ? 'register' : 'login');
          setFieldErrors({});
          setError('');
        }}>
        {mode === 'login' ? t.noAccount : t.haveAccount}
      </button>
      <button type="button" className="cand-link" onClick={() => setMode('link')}>
        {sv.signin.loginWithLink}
      </button>
    </form>
  );
}

/** Candidate pages' shared header: who is logged in, the three pages, log out. */
export function CandidateNav({ user, onLogout }: { user: TokenUser; onLogout(): void }) {
  return (
    <nav className="cand-nav" aria-label={t.myPages}>
      {/* The page one is on is marked (aria-current="page"), for the eye and for a screen reader. */}
      <NavLink to="/admin/recruit" end>{t.homeTitle}</NavLink>
      <NavLink to="/admin/minasidor" end>{t.myPages}</NavLink>
      <NavLink to="/admin/recruit-chat" end>{t.messages}</NavLink>
      {/* Who is signed in and the way out stay together: at the right on a wide screen, under the links on a phone. */}
      <span className="cand-session">
        <span className="cand-who">{fill(t.loggedInAs, { email: user.sub })}</span>
        <button type="button" className="adm-button adm-button-small" onClick={onLogout}>
          {t.logout}
        </button>
      </span>
    </nav>
  );
}
