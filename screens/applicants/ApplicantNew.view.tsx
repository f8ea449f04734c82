import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import type { FieldError } from '../../engine/types';
import { ApplicationForm } from '../../engine/react';
import { fieldErrorsOf } from '../../engine/error-details';
import { ApiError } from '../api';
import { useSession } from '../runner/session/session';
import type { ViewProps } from '../runner/types';
import { viewCall } from '../runner/viewCall';
import { useToast } from '../shared/toast';
import './applicants.css';
import { isValidEmail } from '../../engine/email';
import '../../widgets/register';

const t = sv.applicants.register;
const call = viewCall('ApplicantNew');

/**
 * The view block of /admin/positions/:id/applicants/new (schemas/screens/applicant-new.json; the
 * heading, the position's name, the not-found state and the link back are blocks): staff register
 * an application by hand with the position's own form, the position the page's head block loaded
 * (`given`); the server checks it exactly as the public apply does (create_jobApplication through
 * the dispatcher), and its errors appear at the fields. It stays code: the form is the
 * position's own, drawn by the engine with its conditions.
 */
export default function ApplicantNew({ given }: ViewProps) {
  const position = given?.action === 'get_position' ? given.answer : undefined;
  const positionId = position?.id ?? 0;
  const { handleError } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const id = useId();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const form = useMemo(() => (position ? { metadata: position.metadata, key: `position-${position.id}`, version: position.formVersion } : null), [position]);

  async function submit(answers: Record<string, unknown>) {
    const address = (email || (typeof answers.form_email === 'string' ? answers.form_email : '')).trim();
    if (!isValidEmail(address)) {
      setEmailError(t.invalidEmail);
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setEmailError(null);
    setProblem(null);
    setBusy(true);
    try {
      const r = await call('create_jobApplication', { email: address, positionId, metadata: answers });
      toast.show(t.saved, 'success');
      navigate(`/admin/positions/${positionId}/applicants/${r.id}`);
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorsOf(err.body.details) : [];
      if (fields.length) {
        setServerErrors(fields.filter((d) => d.key !== 'email'));
        if (fields.some((d) => d.key === 'email')) setEmailError(t.invalidEmail);
      }
      setProblem(handleError(err));
    } finally {
      setBusy(false);
    }
  }

  // The page waits for its head block, which shows the not-found state.
  if (!position || !form) return null;
  return (
    <div className="apl-page">
      <div className="adm-form">
        <label htmlFor={`${id}-email`}>{t.email} *</label>
        <input
          id={`${id}-email`}
          type="email"
          value={email}
          required
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-email-err` : undefined}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        {emailError && <p id={`${id}-email-err`} className="adm-form-error" role="alert">{emailError}</p>}
      </div>
      {problem && <p className="adm-form-error" role="alert">{problem}</p>}
      <ApplicationForm form={form} mode="entry" positionStart={position.start} serverErrors={serverErrors} submitLabel={t.submit} disabled={busy} onSubmit={submit} />
    </div>
  );
}
