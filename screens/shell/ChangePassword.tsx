import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { ApiError, dispatch } from '../api';
import { useSession } from '../admin/session';

const t = sv.shell.changePassword;

type Field = 'password' | 'newPassword' | 'confirmNewPassword';
type Errors = Partial<Record<Field, string>>;

/** The server's `details: [{path, message}]` at their fields (paths '/password', …). */
function fieldErrors(err: ApiError): Errors {
  const out: Errors = {};
  const details = Array.isArray(err.body.details) ? (err.body.details as { path?: string; message?: string }[]) : [];
  for (const d of details) {
    const key = d.path?.replace(/^\//, '') as Field;
    if ((key === 'password' || key === 'newPassword' || key === 'confirmNewPassword') && !out[key] && d.message) out[key] = d.message;
  }
  return out;
}

/**
 * /admin/change-password: update_password {password, newPassword, confirmNewPassword}. The
 * server checks the current password and the new one; its rejection message is shown at the
 * form (and each problem at its field). On success the answer's fresh token becomes this
 * session's (every other session of the user has ended on the server).
 */
export function ChangePasswordForm() {
  const { login, handleError } = useSession();
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  const done = (state as { passwordChanged?: boolean } | null)?.passwordChanged === true;
  const [values, setValues] = useState<Record<Field, string>>({ password: '', newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const missing: Errors = {};
    // The current password may be empty: an account made by a sign-in link has none yet.
    for (const k of ['newPassword', 'confirmNewPassword'] as Field[]) if (!values[k]) missing[k] = t.required;
    setErrors(missing);
    setProblem('');
    if (Object.keys(missing).length) {
      document.getElementById(`${id}-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await dispatch('update_password', values);
      // login() reloads the session (the shell shows its loading state and comes back), so the
      // confirmation travels in the history entry's state rather than in this component.
      setValues({ password: '', newPassword: '', confirmNewPassword: '' });
      setBusy(false);
      login(answer.token);
      navigate(pathname, { replace: true, state: { passwordChanged: true } });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 400) {
        const at = fieldErrors(err);
        setErrors(at);
        setProblem(err.message);
        const first = (['password', 'newPassword', 'confirmNewPassword'] as Field[]).find((k) => at[k]);
        if (first) document.getElementById(`${id}-${first}`)?.focus();
        return;
      }
      setProblem(handleError(err));
    }
  }

  const field = (key: Field, label: string, autoComplete: string, hint?: string) => {
    const describedBy = [hint ? `${id}-${key}-hint` : '', errors[key] ? `${id}-${key}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className="sh-field">
        <label htmlFor={`${id}-${key}`}>{label}</label>
        {hint && (
          <p id={`${id}-${key}-hint`} className="sh-field-hint">
            {hint}
          </p>
        )}
        <input
          id={`${id}-${key}`}
          type="password"
          autoComplete={autoComplete}
          value={values[key]}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        />
        {errors[key] && (
          <p id={`${id}-${key}-error`} className="sh-field-error">
            {errors[key]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="sh-form" onSubmit={submit} noValidate aria-describedby={`${id}-problem`}>
      <p className="sh-form-intro">{t.intro}</p>
      {field('password', t.current, 'current-password', sv.signin.noPasswordYet)}
      {field('newPassword', t.new, 'new-password', t.hint)}
      {field('confirmNewPassword', t.repeat, 'new-password')}
      <div id={`${id}-problem`} role="alert" className={problem ? 'sh-form-problem' : 'sh-form-ok'}>
        {problem || (done && !busy ? t.done : '')}
      </div>
      <div>
        <button type="submit" className="bk-btn bk-btn-primary" disabled={busy}>
          {busy ? t.saving : t.submit}
        </button>
      </div>
    </form>
  );
}
