import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { dispatch } from '../api';
import { isValidEmail } from '../../engine/email';
import { useContainer, useSession } from '../admin/session';
import { fieldErrors, messageOf } from '../org/api';
import { Field } from '../org/Field';
import type { ViewProps } from '../runner/types';
import { useToast } from '../shared/toast';
import '../org/org.css';
import { fill } from '../../engine/fill';

const t = sv.org;
const CHOICES = [
  { id: 1 as const, label: t.permAdmin, hint: t.permAdminHint },
  { id: 2 as const, label: t.permWrite, hint: t.permWriteHint },
  { id: 3 as const, label: t.permRead, hint: t.permReadHint },
];

/**
 * /admin/users/new: add a colleague by email with one permission (create_userContainerPermission).
 * A view rather than a form screen so the server's refusal ('Användaren finns redan i företaget')
 * shows at the email field. A proven account gets the right at once (and a notice); anyone else an
 * invitation mail, and the right only when its link is followed.
 */
export default function UserNew({ screen }: ViewProps) {
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [permissionId, setPermissionId] = useState<1 | 2 | 3>(2);
  const [error, setError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  const save = useCallback(
    async (e: FormEvent) => {
      e.preventDefault();
      if (busy) return;
      setFormError('');
      const value = email.trim().toLowerCase();
      if (!isValidEmail(value)) {
        setError(t.emailInvalid);
        document.getElementById('un-email')?.focus();
        return;
      }
      setError('');
      setBusy(true);
      try {
        const done = await dispatch('create_userContainerPermission', { containerId: container.id, email: value, permissionId });
        toast.show(fill(done.status === 'added' ? sv.invitations.added : sv.invitations.invited, { email: done.email }));
        void navigate('/admin/users');
      } catch (err) {
        handleError(err);
        const at = fieldErrors(err)['/email'];
        if (at) {
          setError(at);
          document.getElementById('un-email')?.focus();
        } else setFormError(messageOf(err));
      } finally {
        setBusy(false);
      }
    },
    [busy, email, permissionId, container.id, toast, navigate, handleError],
  );

  return (
    <>
      <h1>{screen.title}</h1>
      <form className="adm-form" onSubmit={(e) => void save(e)} noValidate>
        <Field id="un-email" label={t.email} type="email" required autoComplete="off" value={email} onChange={setEmail} error={error || undefined} hint={t.inviteHint} />
        <fieldset className="adm-fieldset">
          <legend>{t.permission}</legend>
          {CHOICES.map((c) => (
            <div className="adm-check" key={c.id}>
              <input id={`un-perm-${c.id}`} type="radio" name="un-permission" checked={permissionId === c.id} onChange={() => setPermissionId(c.id)} aria-describedby={`un-perm-${c.id}-hint`} />
              <label htmlFor={`un-perm-${c.id}`}>{c.label}</label>
              <span id={`un-perm-${c.id}-hint`} className="adm-hint">
                {c.hint}
              </span>
            </div>
          ))}
        </fieldset>
        <p role="alert" className="org-error">
          {formError}
        </p>
        <div className="adm-form-actions">
          <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
            {t.addUser}
          </button>
        </div>
      </form>
    </>
  );
}
