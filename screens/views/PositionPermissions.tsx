import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { dispatch } from '../api';
import { useContainer, useSession } from '../admin/session';
import { fieldErrors, messageOf } from '../runner/serverErrors';
import { Field } from '../org/Field';
import { Failure, Loading } from '../runner/states';
import { useScreenTitle } from '../runner/title';
import type { ViewProps } from '../runner/types';
import { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';
import '../org/org.css';
import { isValidEmail } from '../../engine/email';
import { fill } from '../../engine/fill';

const t = sv.org;

interface Row {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  permissionName: 'Administrator' | 'Write';
}

const label = (p: Row['permissionName']) => (p === 'Administrator' ? t.permAdmin : t.permWrite);

/** /admin/positions/:id/permissions: who holds Administrator or Write on the position. */
export default function PositionPermissions({ screen }: ViewProps) {
  const { id } = useParams();
  const positionId = Number(id);
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [name, setName] = useState('');
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [email, setEmail] = useState('');
  const [permissionId, setPermissionId] = useState<1 | 2>(2);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useScreenTitle(name ? `${screen.title}: ${name}` : screen.title);

  useEffect(() => {
    let live = true;
    setFailed(false);
    Promise.all([dispatch('get_positionPermissions', { positionId }) as Promise<Row[]>, dispatch('get_position', { id: positionId }) as Promise<{ name: string }>])
      .then(([list, position]) => {
        if (!live) return;
        setRows(list);
        setName(position.name);
      })
      .catch((err: unknown) => {
        if (!live) return;
        handleError(err);
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [positionId, attempt, handleError]);

  const add = useCallback(
    async (e: FormEvent) => {
      e.preventDefault();
      if (busy) return;
      if (!isValidEmail(email)) return setError(t.emailInvalid);
      setBusy(true);
      setError('');
      try {
        await dispatch('create_positionPermission', { email: email.trim().toLowerCase(), positionId, permissionId });
        setEmail('');
        toast.show(sv.toast.saved);
        setAttempt((a) => a + 1);
      } catch (err) {
        handleError(err);
        setError(fieldErrors(err)['/email'] ?? messageOf(err));
      } finally {
        setBusy(false);
      }
    },
    [busy, email, positionId, permissionId, toast, handleError],
  );

  const remove = useCallback(
    async (row: Row) => {
      if (!(await confirm({ title: t.removeRightTitle, message: fill(t.removeRightConfirm, { email: row.email }), confirmLabel: t.remove, danger: true }))) return;
      try {
        await dispatch('delete_positionPermission', { email: row.email, positionId });
        toast.show(sv.toast.saved);
        setAttempt((a) => a + 1);
      } catch (err) {
        toast.show(handleError(err), 'error');
      }
    },
    [confirm, positionId, toast, handleError],
  );

  return (
    <>
      <h1>{name ? `${screen.title}: ${name}` : screen.title}</h1>
      <p>
        <Link to={`/admin/positions/${positionId}`}>{t.backToPosition}</Link>
      </p>
      {failed && <Failure onRetry={() => setAttempt((a) => a + 1)} />}
      {!failed && rows === null && <Loading />}
      {rows && (
        <section className="org-section" aria-labelledby="pp-list">
          <h2 id="pp-list">{t.positionRights}</h2>
          {rows.length === 0 ? (
            <p>{fill(t.noPositionRights, { company: container.displayName ?? container.name })}</p>
          ) : (
            <div className="adm-table-wrap">
              <table className="adm-table">
                <thead>
                  <tr>
                    <th scope="col">{t.email}</th>
                    <th scope="col">{t.name}</th>
                    <th scope="col">{t.permission}</th>
                    <th scope="col">{sv.screens.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id}>
                      <td>{r.email}</td>
                      <td>{`${r.firstname} ${r.lastname}`.trim()}</td>
                      <td>{label(r.permissionName)}</td>
                      <td>
                        <button type="button" className="adm-button adm-button-small adm-button-danger" onClick={() => void remove(r)}>
                          {`${t.remove} ${r.email}`}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
      <form className="org-section adm-form" onSubmit={(e) => void add(e)} noValidate aria-labelledby="pp-add">
        <h2 id="pp-add">{t.addPositionRight}</h2>
        <Field id="pp-email" label={t.email} type="email" required value={email} onChange={setEmail} error={error || undefined} hint={t.positionRightHint} />
        <div className="org-field">
          <label htmlFor="pp-permission">{t.permission}</label>
          <select id="pp-permission" value={permissionId} onChange={(e) => setPermissionId(Number(e.target.value) as 1 | 2)}>
            <option value={1}>{t.permAdmin}</option>
            <option value={2}>{t.permWrite}</option>
          </select>
        </div>
        <div className="adm-form-actions">
          <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
            {t.add}
          </button>
        </div>
      </form>
      {dialog}
    </>
  );
}
