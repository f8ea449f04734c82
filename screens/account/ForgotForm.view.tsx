import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { requestPasswordReset } from '../api';

const t = sv.admin.forgot;

/**
 * The form of /forgot/:email? (a view block of schemas/screens/forgot.json): it asks the
 * session endpoint POST /api/account/reset, not a dispatcher action, to mail a reset link;
 * any failure gives the spec's text. The address in the route fills the field.
 */
export default function ForgotForm() {
  const params = useParams();
  const [email, setEmail] = useState(params.email ?? '');
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'failed'>('idle');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (state === 'busy') return;
    setState('busy');
    try {
      await requestPasswordReset(email.trim());
      setState('sent');
    } catch {
      setState('failed');
    }
  }

  return (
    <form className="adm-session-form" onSubmit={submit} noValidate>
      <label htmlFor="forgot-email">{t.email}</label>
      <input id="forgot-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <p className={state === 'sent' ? 'adm-form-ok' : 'adm-form-error'} role="alert">
        {state === 'sent' ? t.sent : state === 'failed' ? sv.account.resetFailed : ''}
      </p>
      <button type="submit" className="adm-button adm-button-primary" disabled={state === 'busy'}>
        {t.submit}
      </button>
    </form>
  );
}
