import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { ApiError, confirmPasswordReset } from '../api';
import { focusFirstPasswordError, NewPasswordFields, passwordRefusal, tokenFromHash, type PasswordErrors } from './newPassword';
import { PASSWORD_MAX, PASSWORD_MIN, passwordLength } from '../../engine/password';

const t = sv.account;

// Only the lengths are checked here (engine/password.ts, shared with the server); the rest of
// the rules (email, organisation, common passwords) come back from the server at the field.

function check(password: string, confirm: string): PasswordErrors {
  const errors: PasswordErrors = {};
  if (passwordLength(password) < PASSWORD_MIN) errors.password = t.passwordTooShort;
  else if (passwordLength(password) > PASSWORD_MAX) errors.password = t.passwordTooLong;
  if (!confirm) errors.confirm = t.repeatRequired;
  else if (confirm !== password) errors.confirm = t.passwordsDiffer;
  return errors;
}

/**
 * /reset-password#token=… — the page of the mailed reset link (a view block of
 * schemas/screens/reset-password.json, above its 'Begär en ny länk'). The token lives in the
 * fragment so it never reaches a server log or a Referer; it is read once, kept in memory
 * only, wiped from the address bar (history and screen sharing), and sent in the POST body.
 */
export default function ResetPassword() {
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => tokenFromHash(location.hash));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [tried, setTried] = useState(false);
  const [general, setGeneral] = useState('');
  const [phase, setPhase] = useState<'form' | 'done' | 'refused'>('form');
  const [busy, setBusy] = useState(false);
  // A ref, not state: two clicks in one frame must not both post (the token works once).
  const sending = useRef(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const fresh = tokenFromHash(location.hash);
    if (!fresh) return;
    setToken(fresh);
    setPhase('form');
    // replace: a router navigation is history.replaceState, so no entry keeps the token.
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state });
  }, [location.hash, location.pathname, location.search, location.state, navigate]);

  useEffect(() => {
    if (phase !== 'form') outcomeRef.current?.focus();
  }, [phase]);

  function show(next: PasswordErrors) {
    setErrors(next);
    // Focus carries the screen reader to the field, which reads its error via aria-describedby.
    focusFirstPasswordError(next, { password: passwordRef, confirm: confirmRef });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending.current || !token) return;
    setTried(true);
    setGeneral('');
    const problems = check(password, confirm);
    if (problems.password || problems.confirm) {
      show(problems);
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      await confirmPasswordReset(token, password, confirm);
      setPassword('');
      setConfirm('');
      setToken(null);
      setPhase('done');
    } catch (err) {
      const answer = passwordRefusal(err);
      if (answer === 'token') {
        setToken(null);
        setPhase('refused');
      } else if (answer) show(answer);
      else setGeneral(err instanceof ApiError && err.status === 429 ? err.message : sv.toast.errorRetry);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  function change(nextPassword: string, nextConfirm: string) {
    setPassword(nextPassword);
    setConfirm(nextConfirm);
    // After a first attempt, errors follow the typing so a fixed field stops complaining.
    if (tried) setErrors(check(nextPassword, nextConfirm));
  }

  if (phase === 'done') {
    return (
      <>
        <p ref={outcomeRef} tabIndex={-1} role="status" className="adm-form-ok">
          {t.resetDone}
        </p>
        <p>
          <Link to="/login">{t.toLogin}</Link>
        </p>
      </>
    );
  }

  if (phase === 'refused' || !token) {
    return (
      <>
        <p ref={outcomeRef} tabIndex={-1} role="alert" className="adm-form-error">
          {phase === 'refused' ? t.resetTokenInvalid : t.resetLinkMissing}
        </p>
        {phase === 'refused' && <p>{t.resetTokenHelp}</p>}
        <p>
          <Link to="/login">{sv.admin.forgot.back}</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <p>{t.resetIntro}</p>
      <form className="adm-session-form" onSubmit={submit} noValidate>
        <NewPasswordFields id="reset" password={password} confirm={confirm} errors={errors} onChange={change} passwordRef={passwordRef} confirmRef={confirmRef} />
        <p className="adm-form-error" role="alert">
          {general}
        </p>
        <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
          {t.resetSubmit}
        </button>
      </form>
    </>
  );
}
