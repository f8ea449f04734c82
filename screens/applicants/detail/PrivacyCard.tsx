import { useId, useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { formatStockholmDateTime as dateTime } from '../../../engine/dates';
import { call } from '../call';
import { useLoad } from '../../shared/useLoad';
import { useSession } from '../../runner/session/session';
import { Card } from './Card';
import type { ApplicantDetail } from '../types';
import { BusyButton } from '../../shared/BusyButton';

const t = sv.privacy;

/**
 * Issue 28 on the applicant page: the mark 'Skyddade personuppgifter' (a writer sets or lifts
 * it; the server then hides address and contact data from everyone but administrators) and,
 * for administrators, who has read the application (get_applicantReadLog, asked only by an
 * administrator: the server refuses anyone else, and a writer's every visit made a 403).
 */
export function PrivacyCard({ a, canWrite, onSaved }: { a: ApplicantDetail; canWrite: boolean; onSaved(): void }) {
  const [busy, setBusy] = useState(false);
  const logHeading = useId();
  const { rights } = useSession();
  const log = useLoad(() => (rights.admin ? call('get_applicantReadLog', { id: a.id }) : Promise.resolve(null)), `${a.id}:${rights.admin}`);
  const marked = a.protectedIdentity === true;
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await call('update_protectedIdentity', { id: a.id, protectedIdentity: !marked });
      onSaved();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t.protectedIdentity}>
      {marked && <p className="apl-protected"><strong>{t.protectedMarked}</strong></p>}
      {canWrite && (
        <BusyButton type="button" className="adm-button" busy={busy} onClick={() => void toggle()}>
          {marked ? t.protectedUnmark : t.protectedMark}
        </BusyButton>
      )}
      {log.data && <h3 id={logHeading}>{t.readLog.title}</h3>}
      {log.data &&
        (log.data.items.length === 0 ? (
          <p>{t.readLog.empty}</p>
        ) : (
          // A narrow screen scrolls the table in its box, which the keyboard can reach (WCAG 2.1.1).
          <div className="adm-table-wrap" role="region" aria-labelledby={logHeading} tabIndex={0}>
            <table className="adm-table apl-readlog">
            <thead>
              <tr>
                <th scope="col">{t.readLog.when}</th>
                <th scope="col">{t.readLog.who}</th>
                <th scope="col">{t.readLog.role}</th>
                <th scope="col">{t.readLog.kind}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.items.map((e, i) => (
                <tr key={i}>
                  <td>{dateTime(e.at)}</td>
                  <td>{e.user}</td>
                  <td>{t.readLog.roles[e.role]}</td>
                  <td>{t.readLog.kinds[e.kind]}</td>
                </tr>
              ))}
            </tbody>
            </table>
          </div>
        ))}
    </Card>
  );
}
