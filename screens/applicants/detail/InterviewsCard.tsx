import { useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { formatStockholmAppointment, formatStockholmDateTime } from '../../../engine/dates';
import { fill } from '../../../engine/fill';
import { call } from '../call';
import { useSession } from '../../runner/session/session';
import { useToast } from '../../shared/toast';
import { useLoad } from '../../shared/useLoad';
import { Card } from './Card';
import { ScorecardPanel } from './ScorecardPanel';
import { OfferTimesForm } from '../interviews/OfferTimesForm';
import { BusyButton } from '../../shared/BusyButton';

const t = sv.interviews.card;

type Row = Awaited<ReturnType<typeof call<'get_applicantInterviews'>>>['rows'][number];

function statusOf(r: Row): string {
  if (r.status === 'booked' && r.start !== null) return fill(t.booked, { time: formatStockholmAppointment(r.start), minutes: String(r.minutes ?? '') });
  if (r.status === 'cancelled') return r.cancelledBy === 'staff' ? t.cancelledStaff : t.cancelledApplicant;
  return fill(t.waiting, { count: String(r.offered.length), expires: formatStockholmDateTime(r.expires) });
}

/**
 * Issue 30 on the applicant page: the application's interviews (the booked time, or the times
 * offered and waiting), 'Ställ in intervjun' for writers, and a short form that offers times
 * and interviewers chosen among the staff with a right on the position (create_interviewSlots;
 * the applicant books from the mail). A booked interview shows its kit's questions and its
 * scorecards (issue 30 item 2).
 */
export function InterviewsCard({ applicationId, positionId, canWrite, onChanged }: { applicationId: number; positionId: number; canWrite: boolean; onChanged(): void }) {
  const list = useLoad(() => call('get_applicantInterviews', { applicationId }), String(applicationId));
  const { handleError } = useSession();
  const toast = useToast();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  // The form (and its list of interviewers) is made when 'Erbjud intervjutider' is opened.
  const [offering, setOffering] = useState(false);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setProblem('');
    try {
      await work();
      list.reload();
      onChanged();
    } catch (err) {
      setProblem(handleError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t.title}>
      {list.data && list.data.rows.length === 0 && <p>{t.none}</p>}
      {list.data && list.data.rows.length > 0 && (
        <ul className="apl-interviews">
          {list.data.rows.map((r) => (
            <li key={r.id}>
              <span>{statusOf(r)}</span>
              {r.place && <span> · {r.place}</span>}
              {canWrite && r.status !== 'cancelled' && (
                <BusyButton type="button" className="adm-button" busy={busy} onClick={() => void run(() => call('cancel_applicantInterview', { applicationId, interviewId: r.id }))}>
                  {t.cancel}
                </BusyButton>
              )}
              {r.status === 'booked' && <ScorecardPanel applicantId={applicationId} interviewId={r.id} onSaved={onChanged} />}
            </li>
          ))}
        </ul>
      )}
      {problem && <p role="alert" className="apl-error">{problem}</p>}
      {canWrite && (
        <details onToggle={(e) => setOffering(e.currentTarget.open)}>
          <summary>{t.offer}</summary>
          {offering && (
            <OfferTimesForm
              positionId={positionId}
              submitLabel={t.send}
              send={async (offer) => {
                await call('create_interviewSlots', { applicationId, ...offer });
                toast.show(t.sent);
                list.reload();
                onChanged();
              }}
            />
          )}
        </details>
      )}
    </Card>
  );
}
