import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { call } from './call';
import { useSession } from '../admin/session';
import { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';
import { day } from './ApplicantRows';
import type { StaffPosition } from './types';
import { usePositionRights } from './usePositionRights';
import { fill } from '../../engine/fill';

const t = sv.applicants.position;

const STATUS_CLASS: Record<StaffPosition['status'], string> = { Öppen: 'open', Stängd: 'closed', Arkiverad: 'archived' };

/**
 * The position's head: name (the page's h1), status, dates (Stockholm), totals and views,
 * links to edit, permissions, integrations and the public page; archive/reactivate, copy and
 * delete (confirmed) for those who may write. After copy or delete the user goes to
 * /admin/positions (spec document 1 §2).
 */
export function PositionHeader({ position, canWrite, onChanged }: { position: StaffPosition; canWrite: boolean; onChanged(p: StaffPosition): void }) {
  const { rights, handleError } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const p = position;
  // Administrator of the organisation, or of this position only: both may manage its permissions.
  const positionAdmin = usePositionRights(p.id).admin;
  // On the organisation's own host, where applicants see it (issue 17 item 9), not the admin's host.
  const publicPath = p.publicUrl;

  async function run<T>(work: () => Promise<T>, done: (v: T) => void) {
    setBusy(true);
    try {
      done(await work());
    } catch (err) {
      toast.show(handleError(err) || sv.applicants.error, 'error');
    } finally {
      setBusy(false);
    }
  }

  const archive = () =>
    run(
      () => call('update_PositionArchivedStatus', { positionId: p.id, isArchived: !p.isArchived }),
      (updated) => {
        toast.show(sv.toast.saved, 'success');
        onChanged({ ...p, ...updated });
      },
    );
  const copy = async () => {
    if (!(await confirm({ message: fill(t.copyConfirm, { name: p.name }), confirmLabel: t.copy }))) return;
    await run(() => call('copy_position', { id: p.id }), () => {
      toast.show(t.copied, 'success');
      navigate('/admin/positions');
    });
  };
  const remove = async () => {
    if (!(await confirm({ message: fill(t.deleteConfirm, { name: p.name }), confirmLabel: t.delete, danger: true }))) return;
    await run(() => call('delete_position', { id: p.id }), () => {
      toast.show(t.deleted, 'success');
      navigate('/admin/positions');
    });
  };

  return (
    <header className="apl-head">
      <h1>{p.name}</h1>
      <p className="apl-head-meta">
        <span className={`adm-status adm-status-${STATUS_CLASS[p.status]}`}>{p.status}</span>
        {p.positionTypeName && <span>{p.positionTypeName}</span>}
        <span>
          {t.dates} <span className="bk-date">{day(p.start)}</span> – <span className="bk-date">{day(p.stop)}</span>
        </span>
      </p>
      <dl className="apl-stats">
        <div><dt>{t.total}</dt><dd>{p.totalApplicants}</dd></div>
        <div><dt>{t.unprocessed}</dt><dd>{p.totalUnProcessed}</dd></div>
        <div><dt>{t.views}</dt><dd>{p.views ?? 0}</dd></div>
      </dl>
      <nav className="apl-links" aria-label={t.linksLabel}>
        {canWrite && <Link to={`/admin/positions/${p.id}/edit`}>{t.edit}</Link>}
        {positionAdmin && <Link to={`/admin/positions/${p.id}/permissions`}>{t.permissions}</Link>}
        <Link to={`/admin/positions/${p.id}/integrations`}>{t.integrations}</Link>
        <Link to={`/admin/positions/${p.id}/notifications`}>{sv.org.positionNotificationsLink}</Link>
        <a href={publicPath} target="_blank" rel="noopener">{t.publicPage}</a>
        {canWrite && <Link to={`/admin/positions/${p.id}/applicants/new`}>{t.register}</Link>}
      </nav>
      {canWrite && (
        <div className="adm-actions apl-position-actions">
          <button type="button" className="adm-button" disabled={busy} onClick={() => void archive()}>
            {p.isArchived ? t.reactivate : t.archive}
          </button>
          {rights.write && (
            <button type="button" className="adm-button" disabled={busy} onClick={() => void copy()}>
              {t.copy}
            </button>
          )}
          <button type="button" className="adm-button adm-button-danger" disabled={busy} onClick={() => void remove()}>
            {t.delete}
          </button>
        </div>
      )}
      {dialog}
    </header>
  );
}
