import { useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { isValidEmail } from '../../engine/email';
import { ApiError, publicPost } from '../api';
import './candidate.css';
import { BusyButton } from '../shared/BusyButton';

const t = sv.signin;

/** True for the candidate area's answer to an account whose address is not proven yet. */
export function isUnproven(err: unknown): boolean {
  return err instanceof ApiError && err.body.code === 'email_unproven';
}

/**
 * "Skicka inloggningslänk": asks the server to mail a sign-in link. The answer is the same
 * whether or not the address has an account, so the page only says where the link went.
 * With `fixedEmail` the address is not asked for (the prove-your-email state, an expired link).
 */
export function LinkRequest({ email: initial = '', fixedEmail = false, next, label = t.requestButton, idPrefix = 'link' }: {
  email?: string;
  fixedEmail?: boolean;
  next?: string;
  label?: string;
  idPrefix?: string;
}) {
  const [email, setEmail] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const to = email.trim();
    setSent('');
    if (!isValidEmail(to)) {
      setError(sv.account.emailInvalid);
      document.getElementById(`${idPrefix}-email`)?.focus();
      return;
    }
    setError('');
    setBusy(true);
    try {
      // On an employer's candidate pages (?org=, from its confirmation mail) the link comes in its name.
      const org = Number(new URLSearchParams(location.search).get('org'));
      await publicPost('/api/account/signin-link', { email: to, ...(next ? { next } : {}), ...(org > 0 ? { org } : {}) });
      setSent(fill(t.sent, { email: to }));
    } catch (err) {
      setError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : sv.toast.errorRetry);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={fixedEmail ? 'cand-card cand-card-button' : 'cand-card'} onSubmit={submit} noValidate aria-busy={busy}>
      {!fixedEmail && (
        <>
          <label htmlFor={`${idPrefix}-email`}>{t.email}</label>
          <input
            id={`${idPrefix}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${idPrefix}-error` : undefined}
          />
        </>
      )}
      <p id={`${idPrefix}-error`} className="adm-form-error" role="alert">
        {error}
      </p>
      <p role="status">{sent}</p>
      <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
        {busy ? t.sending : sent ? t.sendAgain : label}
      </BusyButton>
    </form>
  );
}

/** The candidate area while the account's address is unproven: say why nothing shows, and offer the link. */
export function ProveEmail({ email }: { email: string }) {
  return (
    <section aria-labelledby="prove-title">
      <h2 id="prove-title">{t.proveTitle}</h2>
      <p>{fill(t.proveIntro, { email })}</p>
      <LinkRequest email={email} fixedEmail idPrefix="prove" />
    </section>
  );
}
