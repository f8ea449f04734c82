import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { acceptInvitation, ApiError, invitationInfo, type InvitationInfo } from '../api';
import { useSession } from '../runner/session/session';
import { focusFirstPasswordError, NewPasswordFields, passwordRefusal, tokenFromHash, type PasswordErrors } from './newPassword';

const t = sv.invitations;
const a = sv.account;

/**
 * /invitation#token=… — the page of an invitation mail's link. Following it is what grants the
 * invitation's rights: the page names the organisation and the address, asks for a password
 * when the address has no proven account (a password a stranger may have set is replaced), and
 * logs the person in. The token lives in the fragment, is wiped from the address bar at once and
 * travels only in POST bodies. A view block of schemas/screens/invitation.json, under its heading
 * and above its way back to the login.
 */
export default function Invitation() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [token] = useState(() => tokenFromHash(location.hash));
  const [info, setInfo] = useState<InvitationInfo | null>(null);
  const [phase, setPhase] = useState<'loading' | 'form' | 'refused' | 'missing' | 'failed'>(token ? 'loading' : 'missing');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
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
        if (live) setPhase(passwordRefusal(err) === 'token' ? 'refused' : 'failed');
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    if (phase === 'refused' || phase === 'missing' || phase === 'failed') outcomeRef.current?.focus();
  }, [phase]);

  function show(next: PasswordErrors) {
    setErrors(next);
    focusFirstPasswordError(next, { password: passwordRef, confirm: confirmRef });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending.current || !token || !info) return;
    setGeneral('');
    if (info.needsPassword) {
      // Length and strength are the server's rules; it answers at the field.
      const local: PasswordErrors = {};
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
      const answer = passwordRefusal(err);
      if (answer === 'token') setPhase('refused');
      else if (answer) show(answer);
      else setGeneral(err instanceof ApiError && err.status === 429 ? err.message : sv.toast.errorRetry);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  if (phase === 'loading') {
    return <p role="status">{t.loading}</p>;
  }

  if (phase !== 'form' || !info) {
    const text = phase === 'refused' ? t.invalid : phase === 'missing' ? t.linkMissing : sv.toast.errorRetry;
    return (
      <>
        <p ref={outcomeRef} tabIndex={-1} role="alert" className="adm-form-error">
          {text}
        </p>
        {phase === 'refused' && <p>{t.invalidHelp}</p>}
      </>
    );
  }

  return (
    <>
      <p>{fill(t.intro, { company: info.company, email: info.email })}</p>
      <p>{info.needsPassword ? t.choosePassword : t.hasAccount}</p>
      <form className="adm-session-form" onSubmit={(e) => void submit(e)} noValidate>
        {info.needsPassword && (
          <NewPasswordFields
            id="invite"
            password={password}
            confirm={confirm}
            errors={errors}
            onChange={(p, c) => {
              setPassword(p);
              setConfirm(c);
            }}
            passwordRef={passwordRef}
            confirmRef={confirmRef}
          />
        )}
        <p className="adm-form-error" role="alert">
          {general}
        </p>
        <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
          {t.accept}
        </button>
      </form>
    </>
  );
}
