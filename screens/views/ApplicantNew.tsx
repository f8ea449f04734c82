import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import type { FieldError } from '../../engine/types';
import { ApplicationForm } from '../../engine/react';
import { ApiError } from '../api';
import { call } from '../applicants/call';
import { useSession } from '../admin/session';
import type { StaffPosition } from '../applicants/types';
import { useScreenTitle } from '../runner/title';
import type { ViewProps } from '../runner/types';
import { useToast } from '../shared/toast';
import '../applicants/applicants.css';
import { isValidEmail } from '../../engine/email';
import '../../widgets/register';

const t = sv.applicants.register;

/**
 * /admin/positions/:id/applicants/new — staff register an application by hand with the
 * position's own form; the server checks it exactly as the public apply does
 * (create_jobApplication through the dispatcher), and its errors appear at the fields.
 */
export default function ApplicantNew(_: ViewProps) {
  const positionId = Number(useParams().id);
  const { handleError } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const id = useId();
  const [position, setPosition] = useState<StaffPosition | null>(null);
  const [failure, setFailure] = useState<'missing' | 'error' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useScreenTitle(position ? `${t.title}: ${position.name}` : undefined);

  useEffect(() => {
    let live = true;
    setFailure(null);
    call('get_position', { id: positionId })
      .then((p) => live && setPosition(p))
      .catch((err: unknown) => {
        if (!live) return;
        handleError(err);
        setFailure(err instanceof ApiError && (err.status === 404 || err.status === 403) ? 'missing' : 'error');
      });
    return () => {
      live = false;
    };
  }, [positionId, attempt, handleError]);

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
      const details = err instanceof ApiError ? (err.body.details as FieldError[] | undefined) : undefined;
      if (Array.isArray(details) && details.every((d) => typeof d?.key === 'string')) {
        setServerErrors(details.filter((d) => d.key !== 'email'));
        if (details.some((d) => d.key === 'email')) setEmailError(t.invalidEmail);
      }
      setProblem(handleError(err));
    } finally {
      setBusy(false);
    }
  }

  if (failure === 'missing') return <><h1>{sv.applicants.position.missingTitle}</h1><p>{sv.applicants.position.missing}</p></>;
  if (failure === 'error') {
    return (
      <div role="alert" className="adm-error">
        <h1>{t.title}</h1>
        <p>{sv.applicants.error}</p>
        <button type="button" className="adm-button" onClick={() => setAttempt((n) => n + 1)}>{sv.applicants.retry}</button>
      </div>
    );
  }
  if (!position || !form) return <p role="status" className="adm-loading">{sv.applicants.loading}</p>;
  return (
    <div className="apl-page">
      <p><Link to={`/admin/positions/${position.id}`}>{sv.applicants.applicant.back}</Link></p>
      <h1>{t.title}</h1>
      <p>{position.name}</p>
      <p>{t.intro}</p>
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
