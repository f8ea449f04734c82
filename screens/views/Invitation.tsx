import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { acceptInvitation, ApiError, invitationInfo, type InvitationInfo } from '../api';
import { useSession } from '../admin/session';
import { SessionPage } from '../admin/SessionPage';
import type { ViewProps } from '../runner/types';

const t = sv.invitations;
const a = sv.account;

interface FieldErrors {
  password?: string;
  confirm?: string;
}

/** The token of a mailed link `…/invitation#token=…`, or null. */
function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;
}

/** 'token' when the server refused the link itself, else the field errors of a 400. */
function refusal(err: unknown): 'token' | FieldErrors | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const details = Array.isArray(err.body.details) ? (err.body.details as { path?: unknown; message?: unknown }[]) : [];
  if (details.some((d) => d.path === '/token')) return 'token';
  const out: FieldErrors = {};
  for (const d of details) {
    if (typeof d.message !== 'string') continue;
    if (d.path === '/password') out.password = d.message;
    if (d.path === '/confirmPassword') out.confirm = d.message;
  }
  return out.password || out.confirm ? out : null;
}

/**
 * /invitation#token=… — the page of an invitation mail's link. Following it is what grants the
 * invitation's rights: the page names the organisation and the address, asks for a password
 * when the address has no proven account (a password a stranger may have set is replaced), and
 * logs the person in. The token lives in the fragment, is wiped from the address bar at once and
 * travels only in POST bodies.
 */
export default function Invitation({ screen }: ViewProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [token] = useState(() => tokenFromHash(location.hash));
  const [info, setInfo] = useState<InvitationInfo | null>(null);
  const [phase, setPhase] = useState<'loading' | 'form' | 'refused' | 'missing' | 'failed'>(token ? 'loading' : 'missing');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState('');
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (!token) return;
    let live = true;
    invitationInfo(token).then(
      (i) => {
        if (!live) return;
        setInfo(i);
        setPhase('form');
      },
      (err: unknown) => {
        if (live) setPhase(refusal(err) === 'token' ? 'refused' : 'failed');
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    if (phase === 'refused' || phase === 'missing' || phase === 'failed') outcomeRef.current?.focus();
  }, [phase]);

  function show(next: FieldErrors) {
    setErrors(next);
    if (next.password) passwordRef.current?.focus();
    else if (next.confirm) confirmRef.current?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending.current || !token || !info) return;
    setGeneral('');
    if (info.needsPassword) {
      // Length and strength are the server's rules; it answers at the field.
      const local: FieldErrors = {};
      if (!password) local.password = t.passwordRequired;
      if (!confirm) local.confirm = a.repeatRequired;
      else if (confirm !== password) local.confirm = a.passwordsDiffer;
      if (local.password || local.confirm) return show(local);
    }
    sending.current = true;
    setBusy(true);
    try {
      const sessionToken = await acceptInvitation(token, info.needsPassword ? { password, confirmPassword: confirm } : undefined);
      session.login(sessionToken);
      void navigate('/admin', { replace: true });
    } catch (err) {
      const answer = refusal(err);
      if (answer === 'token') setPhase('refused');
      else if (answer) show(answer);
      else setGeneral(err instanceof ApiError && err.status === 429 ? err.message : sv.toast.errorRetry);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  if (phase === 'loading') {
    return (
      <SessionPage title={screen.title}>
        <p role="status">{t.loading}</p>
      </SessionPage>
    );
  }

  if (phase !== 'form' || !info) {
    const text = phase === 'refused' ? t.invalid : phase === 'missing' ? t.linkMissing : sv.toast.errorRetry;
    return (
      <SessionPage title={screen.title}>
        <p ref={outcomeRef} tabIndex={-1} role="alert" className="adm-form-error">
          {text}
        </p>
        {phase === 'refused' && <p>{t.invalidHelp}</p>}
        <p>
          <Link to="/login">{sv.admin.forgot.back}</Link>
        </p>
      </SessionPage>
    );
  }

  return (
    <SessionPage title={screen.title}>
      <p>{fill(t.intro, { company: info.company, email: info.email })}</p>
      <p>{info.needsPassword ? t.choosePassword : t.hasAccount}</p>
      <form className="adm-session-form" onSubmit={(e) => void submit(e)} noValidate>
        {info.needsPassword && (
          <>
            <label htmlFor="invite-password">{a.newPassword}</label>
            <input
              ref={passwordRef}
              id="invite-password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby="invite-password-hint invite-password-error"
              onChange={(e) => setPassword(e.target.value)}
            />
            <p id="invite-password-hint" className="adm-hint adm-reset-hint">
              {a.passwordHint}
            </p>
            <p id="invite-password-error" className="adm-form-error">
              {errors.password ?? ''}
            </p>
            <label htmlFor="invite-confirm">{a.repeatPassword}</label>
            <input
              ref={confirmRef}
              id="invite-confirm"
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              aria-invalid={errors.confirm ? true : undefined}
              aria-describedby="invite-confirm-error"
              onChange={(e) => setConfirm(e.target.value)}
            />
            <p id="invite-confirm-error" className="adm-form-error">
              {errors.confirm ?? ''}
            </p>
          </>
        )}
        <p className="adm-form-error" role="alert">
          {general}
        </p>
        <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
          {t.accept}
        </button>
      </form>
    </SessionPage>
  );
}
