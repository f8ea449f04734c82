import { useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { ApiError } from '../api';
import { useLoad } from '../shared/useLoad';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { useToast } from '../shared/toast';
import '../odin/odin.css';
import { fill } from '../../engine/fill';
import { viewCall } from '../runner/viewCall';

const call = viewCall('NewContainer');

const t = sv.odin;
type Row = ActionAnswer['get_containers'][number];
const detailsOf = (err: unknown) =>
  err instanceof ApiError && Array.isArray(err.body.details) ? Object.fromEntries((err.body.details as { path: string; message: string }[]).map((d) => [d.path, d.message])) : {};

/** Odin: a new organisation (usable at once) and removal of one with its name typed. */
export default function NewContainer({ screen }: ViewProps) {
  const toast = useToast();
  const list = useLoad(() => call('get_containers', {}), 'containers');
  const [form, setForm] = useState({ name: '', displayName: '', adminEmail: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Row | null>(null);
  const [typed, setTyped] = useState('');

  async function create(e: FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(form.name)) local['/name'] = t.nameRule;
    if (!form.displayName.trim()) local['/displayName'] = t.displayNameRequired;
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const made = await call('create_container', {
        name: form.name,
        displayName: form.displayName.trim(),
        plans: [],
        ...(form.adminEmail.trim() ? { adminEmail: form.adminEmail.trim() } : {}),
      });
      toast.show(made.invitedAdmin ? fill(sv.invitations.adminInvited, { email: made.invitedAdmin }) : t.created, 'success');
      setForm({ name: '', displayName: '', adminEmail: '' });
      list.reload();
    } catch (err) {
      const d = detailsOf(err);
      setErrors(d);
      if (!Object.keys(d).length) toast.show(err instanceof ApiError && err.status === 409 ? err.message : sv.toast.errorRetry, 'error');
    } finally {
      setBusy(false);
    }
  }

  async function remove(e: FormEvent) {
    e.preventDefault();
    if (!removing || typed !== removing.name) return;
    setBusy(true);
    try {
      await call('delete_container', { id: removing.id, confirmName: typed });
      toast.show(t.deleted, 'success');
      setRemoving(null);
      setTyped('');
      list.reload();
    } catch {
      toast.show(sv.toast.errorRetry, 'error');
    } finally {
      setBusy(false);
    }
  }

  const field = (key: 'name' | 'displayName' | 'adminEmail', label: string, hint?: string) => (
    <div className="odin-field">
      <label htmlFor={`nc-${key}`}>{label}</label>
      <input
        id={`nc-${key}`}
        type={key === 'adminEmail' ? 'email' : 'text'}
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        aria-invalid={errors[`/${key}`] ? true : undefined}
        aria-describedby={[hint ? `nc-${key}-hint` : '', errors[`/${key}`] ? `nc-${key}-error` : ''].join(' ').trim() || undefined}
      />
      {hint && <small id={`nc-${key}-hint`}>{hint}</small>}
      {errors[`/${key}`] && (
        <span id={`nc-${key}-error`} className="adm-form-error" role="alert">
          {errors[`/${key}`]}
        </span>
      )}
    </div>
  );

  return (
    <>
      <h1>{screen.title}</h1>
      <form className="odin-form" onSubmit={create} noValidate>
        {field('name', t.name, t.nameHint)}
        {field('displayName', t.displayName)}
        {field('adminEmail', t.adminEmail, t.adminEmailHint)}
        <p>{t.startsUsable}</p>
        <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
          {t.create}
        </button>
      </form>
      <h2>{t.existing}</h2>
      {list.loading && !list.data && <Loading />}
      {list.error !== undefined && !list.data && <Failure onRetry={list.reload} />}
      {list.data && (
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">{t.name}</th>
              <th scope="col">{t.displayName}</th>
              <th scope="col">
                <span className="adm-visually-hidden">{t.remove}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>{c.displayName}</td>
                <td>
                  <button type="button" className="adm-button adm-button-small adm-button-danger" onClick={() => (setRemoving(c), setTyped(''))}>
                    {fill(t.removeNamed, { name: c.name })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {removing && (
        <form className="odin-form odin-danger" onSubmit={remove} aria-labelledby="nc-remove-title">
          <h2 id="nc-remove-title">{fill(t.removeNamed, { name: removing.name })}</h2>
          <p>{t.removeWarning}</p>
          <label htmlFor="nc-confirm">{fill(t.typeName, { name: removing.name })}</label>
          <input id="nc-confirm" type="text" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          <p className="adm-actions">
            <button type="submit" className="adm-button adm-button-danger" disabled={busy || typed !== removing.name}>
              {t.remove}
            </button>
            <button type="button" className="adm-button" onClick={() => setRemoving(null)}>
              {t.cancel}
            </button>
          </p>
        </form>
      )}
    </>
  );
}
