import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { dispatch } from '../api';
import { isValidEmail } from '../../engine/email';
import { useContainer, useSession } from '../admin/session';
import { fieldErrors, messageOf } from '../org/api';
import { Field } from '../org/Field';
import type { ViewProps } from '../runner/types';
import { RightsPicker } from '../shared/RightsPicker';
import type { RightId } from '../shared/rights';
import { useToast } from '../shared/toast';
import '../org/org.css';
import { fill } from '../../engine/fill';

const t = sv.org;

/**
 * /admin/users/new: add a colleague by email with their rights (create_userContainerPermission),
 * chosen with the same control as on /admin/users/:id.
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
  const [permissionIds, setPermissionIds] = useState<RightId[]>([2]);
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
      if (permissionIds.length === 0) {
        setFormError(t.permNone);
        return;
      }
      setBusy(true);
      try {
        const done = await dispatch('create_userContainerPermission', { containerId: container.id, email: value, permissionIds });
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
    [busy, email, permissionIds, container.id, toast, navigate, handleError],
  );

  return (
    <>
      <h1>{screen.title}</h1>
      <form className="adm-form" onSubmit={(e) => void save(e)} noValidate>
        <Field id="un-email" label={t.email} type="email" required autoComplete="off" value={email} onChange={setEmail} error={error || undefined} hint={t.inviteHint} />
        <RightsPicker idPrefix="un-perm" value={permissionIds} onChange={setPermissionIds} />
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
