import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { ApiError, dispatch } from '../api';
import { formatStockholmDate as formatDate } from '../../engine/dates';
import { fill } from '../../engine/fill';
import { useContainer } from '../admin/session';
import type { ViewProps } from '../runner/types';
import { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';
import '../odin/odin.css';

const t = sv.gdpr;

interface Found {
  emails: string[];
  personnummer: string[];
  sameSsnEmails?: string[];
  name?: string;
  applications: { id: number; positionName: string; created: number }[];
  counts: Record<string, number>;
}
interface UserExport {
  filename: string;
  json: unknown;
  pdf: string;
}

function download(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** /admin/gdpr (start), /admin/gdpr/inform (register extract) and /admin/gdpr/delete (erasure). */
export default function Gdpr({ screen, props }: ViewProps) {
  const mode = props.mode as 'start' | 'inform' | 'delete';
  if (mode === 'start') {
    return (
      <>
        <h1>{screen.title}</h1>
        <p>{t.intro}</p>
        <ul className="adm-home-links">
          <li>
            <Link to="/admin/gdpr/inform">{t.informLink}</Link>
          </li>
          <li>
            <Link to="/admin/gdpr/delete">{t.deleteLink}</Link>
          </li>
        </ul>
        <p>{fill(t.retention, { months: 36 })}</p>
      </>
    );
  }
  return <PersonDesk title={screen.title} mode={mode} />;
}

function PersonDesk({ title, mode }: { title: string; mode: 'inform' | 'delete' }) {
  const container = useContainer();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<UserExport | null>(null);
  const [done, setDone] = useState('');

  async function search(e: FormEvent) {
    e.preventDefault();
    setFound(null);
    setMade(null);
    setDone('');
    if (query.trim().length < 3) return setError(t.queryShort);
    setError('');
    setBusy(true);
    try {
      setFound((await dispatch('get_gdprPerson', { containerId: container.id, query: query.trim() })) as Found);
    } catch (err) {
      setError(err instanceof ApiError && (err.status === 404 || err.status === 400) ? err.message : sv.toast.errorRetry);
    } finally {
      setBusy(false);
    }
  }

  async function makeExport() {
    setBusy(true);
    try {
      const r = (await dispatch('create_userExport', { containerId: container.id, email: query.trim() })) as UserExport;
      setMade(r);
      toast.show(t.exported, 'success');
    } catch {
      toast.show(sv.toast.errorRetry, 'error');
    } finally {
      setBusy(false);
    }
  }

  async function erase() {
    if (!(await confirm({ message: t.confirmErase, confirmLabel: t.erase, danger: true }))) return;
    setBusy(true);
    try {
      await dispatch('delete_ApplicantFromContainer', { containerId: container.id, userId: query.trim() });
      toast.show(t.erased, 'success');
      setDone(t.erased);
      setFound(null);
    } catch (err) {
      toast.show(err instanceof ApiError && err.status === 404 ? err.message : sv.toast.errorRetry, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1>{title}</h1>
      <form className="odin-form" onSubmit={search} noValidate role="search">
        <div className="odin-field">
          <label htmlFor="gdpr-query">{t.query}</label>
          <input id="gdpr-query" type="search" value={query} onChange={(e) => setQuery(e.target.value)} aria-describedby="gdpr-query-hint" aria-invalid={error ? true : undefined} />
          <small id="gdpr-query-hint">{t.queryHint}</small>
        </div>
        <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
          {busy && !found ? t.searching : t.search}
        </button>
      </form>
      {error && (
        <p className="adm-form-error" role="alert">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      {found && (
        <section aria-labelledby="gdpr-found">
          <h2 id="gdpr-found">{fill(t.found, { name: found.name || found.emails.join(', ') })}</h2>
          <p>
            {t.emails}: {found.emails.join(', ')}
            {found.personnummer.length > 0 && (
              <>
                <br />
                {t.personnummer}: {found.personnummer.join(', ')}
              </>
            )}
          </p>
          {found.sameSsnEmails && found.sameSsnEmails.length > 0 && <p>{fill(t.sameSsn, { emails: found.sameSsnEmails.join(', ') })}</p>}
          <h3>{found.applications.length === 1 ? t.foundApplicationsOne : fill(t.foundApplications, { count: found.applications.length })}</h3>
          <ul>
            {found.applications.map((a) => (
              <li key={a.id}>
                {a.positionName} – {formatDate(a.created)}
              </li>
            ))}
          </ul>
          <h3>{t.documents}</h3>
          <ul>
            {Object.entries(found.counts).map(([k, n]) => (
              <li key={k}>
                {(t.holders as Record<string, string>)[k] ?? k}: {n}
              </li>
            ))}
          </ul>
          {mode === 'inform' ? (
            <p className="adm-actions">
              <button type="button" className="adm-button adm-button-primary" onClick={makeExport} disabled={busy}>
                {busy ? t.exporting : t.export}
              </button>
              {made && (
                <>
                  <button type="button" className="adm-button" onClick={() => download(`${made.filename}.json`, new Blob([JSON.stringify(made.json, null, 2)], { type: 'application/json' }))}>
                    {t.downloadJson}
                  </button>
                  <button
                    type="button"
                    className="adm-button"
                    onClick={() => download(`${made.filename}.pdf`, new Blob([Uint8Array.from(atob(made.pdf), (ch) => ch.charCodeAt(0))], { type: 'application/pdf' }))}
                  >
                    {t.downloadPdf}
                  </button>
                </>
              )}
            </p>
          ) : (
            <p>
              <button type="button" className="adm-button adm-button-danger" onClick={erase} disabled={busy}>
                {busy ? t.erasing : t.erase}
              </button>
            </p>
          )}
        </section>
      )}
      {dialog}
    </>
  );
}
