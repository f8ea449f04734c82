import type { RefObject } from 'react';
import sv from '../../schemas/messages/sv.json';
import { ApiError } from '../api';

const t = sv.account;

/** Errors of the two password fields, at their fields. */
export interface PasswordErrors {
  password?: string;
  confirm?: string;
}

/** The token of a mailed link (`…/reset-password#token=…`, `…/invitation#token=…`), or null. */
export function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;
}

/** A 400 of a link page: 'token' when the link itself was refused, else the password fields' errors (null: neither). */
export function passwordRefusal(err: unknown): PasswordErrors | 'token' | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const details = Array.isArray(err.body.details) ? (err.body.details as { path?: unknown; message?: unknown }[]) : [];
  if (details.some((d) => d.path === '/token')) return 'token';
  const out: PasswordErrors = {};
  for (const d of details) {
    if (typeof d.message !== 'string') continue;
    if (d.path === '/password') out.password = d.message;
    if (d.path === '/confirmPassword') out.confirm = d.message;
  }
  return out.password || out.confirm ? out : null;
}

/** Focuses the first password field with an error. */
export function focusFirstPasswordError(errors: PasswordErrors, refs: { password: RefObject<HTMLInputElement | null>; confirm: RefObject<HTMLInputElement | null> }): void {
  if (errors.password) refs.password.current?.focus();
  else if (errors.confirm) refs.confirm.current?.focus();
}

/**
 * 'Nytt lösenord' and 'Upprepa det nya lösenordet' with the rules' hint and each field's error
 * tied to it (the reset page and the invitation page).
 */
export function NewPasswordFields(props: {
  id: string;
  password: string;
  confirm: string;
  errors: PasswordErrors;
  onChange(password: string, confirm: string): void;
  passwordRef: RefObject<HTMLInputElement | null>;
  confirmRef: RefObject<HTMLInputElement | null>;
}) {
  const { id, password, confirm, errors, onChange } = props;
  return (
    <>
      <label htmlFor={`${id}-password`}>{t.newPassword}</label>
      <input
        ref={props.passwordRef}
        id={`${id}-password`}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        aria-invalid={errors.password ? true : undefined}
        aria-describedby={`${id}-password-hint ${id}-password-error`}
        onChange={(e) => onChange(e.target.value, confirm)}
      />
      <p id={`${id}-password-hint`} className="adm-hint adm-reset-hint">
        {t.passwordHint}
      </p>
      <p id={`${id}-password-error`} className="adm-form-error">
        {errors.password ?? ''}
      </p>
      <label htmlFor={`${id}-confirm`}>{t.repeatPassword}</label>
      <input
        ref={props.confirmRef}
        id={`${id}-confirm`}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        aria-invalid={errors.confirm ? true : undefined}
        aria-describedby={`${id}-confirm-error`}
        onChange={(e) => onChange(password, e.target.value)}
      />
      <p id={`${id}-confirm-error`} className="adm-form-error">
        {errors.confirm ?? ''}
      </p>
    </>
  );
}
