import { useId, useState, type FormEvent } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { formatStockholmAppointment, formatStockholmDateTime, stockholmWallToUnix } from '../../../engine/dates';
import { fill } from '../../../engine/fill';
import { call } from '../call';
import { useSession } from '../../runner/session/session';
import { useToast } from '../../shared/toast';
import { useLoad } from '../../shared/useLoad';
import { Card } from './Card';
import { ScorecardPanel } from './ScorecardPanel';

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
 * with the writer as interviewer (create_interviewSlots; the applicant books from the mail).
 * A booked interview shows its kit's questions and its scorecards (issue 30 item 2).
 */
export function InterviewsCard({ applicationId, canWrite, onChanged }: { applicationId: number; canWrite: boolean; onChanged(): void }) {
  const list = useLoad(() => call('get_applicantInterviews', { applicationId }), String(applicationId));
  const { user, handleError } = useSession();
  const toast = useToast();
  const id = useId();
  const [times, setTimes] = useState<string[]>(['']);
  const [minutes, setMinutes] = useState(30);
  const [place, setPlace] = useState('');
  const [videoUrl, setVideoUrl] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setProblem('');
    try {
      await work();
      if (done) toast.show(done);
      list.reload();
      onChanged();
    } catch (err) {
      setProblem(handleError(err));
    } finally {
      setBusy(false);
    }
  };
  const offer = (e: FormEvent) => {
    e.preventDefault();
    const starts = times.map(stockholmWallToUnix);
    if (!user || starts.some((s) => s === null)) return setProblem(t.badTime);
    void run(
      () =>
        call('create_interviewSlots', {
          applicationId,
          interviewers: [Number(user.sub)],
          slots: starts.map((start) => ({ start: start!, minutes })),
          ...(place.trim() ? { place: place.trim() } : {}),
          ...(videoUrl.trim() ? { videoUrl: videoUrl.trim() } : {}),
        }),
      t.sent,
    );
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
                <button type="button" className="adm-button" disabled={busy} onClick={() => void run(() => call('cancel_applicantInterview', { applicationId, interviewId: r.id }))}>
                  {t.cancel}
                </button>
              )}
              {r.status === 'booked' && <ScorecardPanel applicantId={applicationId} interviewId={r.id} onSaved={onChanged} />}
            </li>
          ))}
        </ul>
      )}
      {problem && <p role="alert" className="apl-error">{problem}</p>}
      {canWrite && (
        <details>
          <summary>{t.offer}</summary>
          <form onSubmit={offer}>
            {times.map((v, i) => (
              <p key={i}>
                <label htmlFor={`${id}-t${i}`}>{fill(t.start, { n: String(i + 1) })}</label>{' '}
                <input id={`${id}-t${i}`} type="datetime-local" step={300} required value={v} onChange={(e) => setTimes(times.map((x, k) => (k === i ? e.target.value : x)))} />
              </p>
            ))}
            <button type="button" className="adm-button" onClick={() => setTimes([...times, ''])}>{t.addTime}</button>
            <p>
              <label htmlFor={`${id}-m`}>{t.minutes}</label>{' '}
              <input id={`${id}-m`} type="number" min={5} max={480} step={5} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))} />
            </p>
            <p>
              <label htmlFor={`${id}-p`}>{t.place}</label>{' '}
              <input id={`${id}-p`} type="text" maxLength={300} value={place} onChange={(e) => setPlace(e.target.value)} />
            </p>
            <p>
              <label htmlFor={`${id}-v`}>{t.videoUrl}</label>{' '}
              <input id={`${id}-v`} type="url" maxLength={500} value={videoUrl} onChange={(e) => setVideoUrl(e.target.value)} />
            </p>
            <button type="submit" className="adm-button adm-button-primary" disabled={busy}>{t.send}</button>
          </form>
        </details>
      )}
    </Card>
  );
}
