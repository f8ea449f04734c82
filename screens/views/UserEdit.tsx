import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { dispatch } from '../api';
import { useContainer, useSession } from '../admin/session';
import { fieldErrors, messageOf } from '../runner/serverErrors';
import { Field } from '../org/Field';
import { Failure, Loading } from '../runner/states';
import { useScreenTitle } from '../runner/title';
import type { ViewProps } from '../runner/types';
import { useConfirm } from '../shared/ConfirmDialog';
import { RightsPicker } from '../shared/RightsPicker';
import type { RightId } from '../shared/rights';
import { useToast } from '../shared/toast';
import '../org/org.css';
import { fill } from '../../engine/fill';

const t = sv.org;

interface Member {
  id: number;
  userId: number;
  email: string;
  firstname: string;
  lastname: string;
  phoneNumber: string;
  title: string;
  permissionIds: RightId[];
}

/** /admin/users/:id: one colleague's details, rights and removal (issue 11). */
export default function UserEdit({ screen }: ViewProps) {
  const { id } = useParams();
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const navigate = useNavigate();
  const [member, setMember] = useState<Member | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState<Member | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rightsError, setRightsError] = useState('');
  const [busy, setBusy] = useState(false);
  // An email change needs the editor's own password; the address changes once its owner confirms.
  const [password, setPassword] = useState('');
  const name = member ? `${member.firstname} ${member.lastname}`.trim() || member.email : screen.title;
  useScreenTitle(name);

  useEffect(() => {
    let live = true;
    setFailed(false);
    (dispatch('get_containerUser', { containerId: container.id, id: Number(id) }) as Promise<Member>)
      .then((m) => {
        if (!live) return;
        setMember(m);
        setDraft(m);
      })
      .catch((err: unknown) => {
        if (!live) return;
        handleError(err);
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [container.id, id, attempt, handleError]);

  const saveDetails = useCallback(
    async (e: FormEvent) => {
      e.preventDefault();
      if (!draft || busy) return;
      setBusy(true);
      setErrors({});
      try {
        const email = draft.email.trim().toLowerCase();
        const r = await dispatch('update_account', {
          id: draft.userId,
          email,
          firstname: draft.firstname,
          lastname: draft.lastname,
          phoneNumber: draft.phoneNumber,
          title: draft.title,
          ...(email !== member?.email ? { password } : {}),
        });
        const fresh = { ...draft, email: r.user.email };
        setMember(fresh);
        setDraft(fresh);
        setPassword('');
        toast.show(r.pendingEmail ? fill(sv.signin.emailChangePending, { email: r.pendingEmail }) : sv.toast.saved);
      } catch (err) {
        setErrors(fieldErrors(err));
        handleError(err);
        toast.show(messageOf(err), 'error');
      } finally {
        setBusy(false);
      }
    },
    [draft, busy, toast, handleError, member?.email, password],
  );

  const saveRights = useCallback(
    async (e: FormEvent) => {
      e.preventDefault();
      if (!draft || busy) return;
      setRightsError('');
      if (draft.permissionIds.length === 0) return setRightsError(t.permNone);
      setBusy(true);
      try {
        await dispatch('update_ContainerUserPermissionsCommand', { containerId: container.id, email: member!.email, permissionIds: draft.permissionIds });
        setMember({ ...member!, permissionIds: draft.permissionIds });
        toast.show(sv.toast.saved);
      } catch (err) {
        handleError(err);
        setRightsError(messageOf(err));
      } finally {
        setBusy(false);
      }
    },
    [draft, busy, container.id, member, toast, handleError],
  );

  const remove = useCallback(async () => {
    if (!member || !(await confirm({ title: t.removeUserTitle, message: fill(t.removeUserConfirm, { email: member.email }), confirmLabel: t.remove, danger: true }))) return;
    try {
      await dispatch('delete_userContainerPermission', { containerId: container.id, id: member.id });
      toast.show(sv.toast.saved);
      void navigate('/admin/users');
    } catch (err) {
      handleError(err);
      setRightsError(messageOf(err));
    }
  }, [member, confirm, container.id, toast, navigate, handleError]);

  if (failed) return (<><h1>{screen.title}</h1><Failure onRetry={() => setAttempt((a) => a + 1)} /></>);
  if (!member || !draft) return (<><h1>{screen.title}</h1><Loading /></>);
  const set = (patch: Partial<Member>) => setDraft({ ...draft, ...patch });
  return (
    <>
      <h1>{name}</h1>
      <form className="org-section adm-form" onSubmit={(e) => void saveDetails(e)} noValidate aria-labelledby="user-details">
        <h2 id="user-details">{t.userDetails}</h2>
        <div className="org-grid">
          <Field id="user-email" label={t.email} type="email" required value={draft.email} error={errors['/email']} onChange={(v) => set({ email: v })} autoComplete="off" />
          <Field id="user-firstname" label={t.firstname} required value={draft.firstname} error={errors['/firstname']} onChange={(v) => set({ firstname: v })} />
          <Field id="user-lastname" label={t.lastname} required value={draft.lastname} error={errors['/lastname']} onChange={(v) => set({ lastname: v })} />
          <Field id="user-phone" label={t.phone} type="tel" value={draft.phoneNumber} error={errors['/phoneNumber']} onChange={(v) => set({ phoneNumber: v })} />
          <Field id="user-title" label={t.userTitle} value={draft.title} error={errors['/title']} onChange={(v) => set({ title: v })} />
          {draft.email.trim().toLowerCase() !== member.email && (
            <Field id="user-password" label={sv.signin.yourPassword} type="password" required value={password} error={errors['/password']} onChange={setPassword} autoComplete="current-password" />
          )}
        </div>
        <div className="adm-form-actions">
          <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
            {t.saveDetails}
          </button>
        </div>
      </form>
      <form className="org-section" onSubmit={(e) => void saveRights(e)} aria-labelledby="user-rights">
        <h2 id="user-rights">{t.rights}</h2>
        <RightsPicker idPrefix="perm" value={draft.permissionIds} onChange={(ids) => set({ permissionIds: ids })} />
        <p role="alert" className="org-error">
          {rightsError}
        </p>
        <div className="adm-form-actions">
          <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
            {t.saveRights}
          </button>
          <button type="button" className="adm-button adm-button-danger" onClick={() => void remove()}>
            {t.removeUser}
          </button>
        </div>
      </form>
      {dialog}
    </>
  );
}
