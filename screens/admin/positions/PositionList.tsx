import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import sv from '../../../schemas/messages/sv.json';
import { dispatch } from '../../api';
import { formatDate } from '../dates';
import { useContainer, useSession } from '../session';

export interface PositionRow {
  id: number;
  name: string;
  status: 'Öppen' | 'Stängd' | 'Arkiverad';
  start: number;
  stop: number;
  isInternal?: boolean;
  linkId?: string;
  totalApplicants?: number;
  totalUnProcessed?: number;
  positionTypeName?: string;
}

const t = sv.admin.positions;

/** The applicant's view of a position (the public apply page; internal ones by their guid). */
export function publicApplyPath(p: Pick<PositionRow, 'id' | 'isInternal' | 'linkId'>): string {
  return p.isInternal && p.linkId ? `/internal/${p.linkId}/apply` : `/positions/${p.id}/apply`;
}

/** /admin/positions: name, status, dates, applicants; edit links for those who may write. */
export default function PositionList() {
  const container = useContainer();
  const { rights, handleError } = useSession();
  const [rows, setRows] = useState<PositionRow[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    dispatch<PositionRow[]>('get_positions', { containerId: container.id })
      .then((list) => live && setRows(list ?? []))
      .catch((err) => live && setError(handleError(err)));
    return () => {
      live = false;
    };
  }, [container.id, handleError]);

  return (
    <>
      <div className="adm-page-head">
        <h1>{t.title}</h1>
        {rights.write && (
          <Link to="/admin/positions/new" className="adm-button adm-button-primary">
            {sv.admin.createAd}
          </Link>
        )}
      </div>
      {error && <p role="alert" className="adm-error">{error}</p>}
      {!rows && !error && <p role="status">{sv.admin.loading}</p>}
      {rows && rows.length === 0 && <p>{t.empty}</p>}
      {rows && rows.length > 0 && (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <caption className="adm-visually-hidden">{t.title}</caption>
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.start}</th>
                <th scope="col">{t.stop}</th>
                <th scope="col">{t.applicants}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.name}
                    {p.isInternal && <span className="adm-tag">{t.internal}</span>}
                  </th>
                  <td>
                    <span className={`adm-status adm-status-${p.status === 'Öppen' ? 'open' : p.status === 'Stängd' ? 'closed' : 'archived'}`}>{p.status}</span>
                  </td>
                  <td>{formatDate(p.start)}</td>
                  <td>{formatDate(p.stop)}</td>
                  <td>{p.totalApplicants ?? 0}</td>
                  <td className="adm-actions">
                    {rights.write && (
                      <Link to={`/admin/positions/${p.id}/edit`} aria-label={`${t.edit} ${p.name}`}>
                        {t.edit}
                      </Link>
                    )}
                    <a href={publicApplyPath(p)} aria-label={`${t.applicantView} ${p.name}`}>
                      {t.applicantView}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
