import { useId, useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { formatStockholmAppointment as when } from '../../engine/dates';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { ApiError } from '../api';
import { viewCall } from '../runner/viewCall';
import type { useConfirm } from '../shared/ConfirmDialog';
import { useBusy } from '../shared/useBusy';
import { useLoad } from '../shared/useLoad';
import { problemOf, RefereesForm } from './RefereesForm';
import { BusyButton } from '../shared/BusyButton';

const t = sv.candidate.tasks;
const call = viewCall('CandidatePages');

type Tasks = ActionAnswer['get_myApplicationTasks'];
type Interview = Tasks['interviews'][number];
type Confirm = ReturnType<typeof useConfirm>['confirm'];

/**
 * What the employer asks of the applicant about one application on Mina sidor (issue 30):
 * the interview time offered or booked, with 'Boka om' (another of the offered times) and
 * 'Avboka', through the same booking as the mailed page; and the referees asked for.
 */
export function ApplicationTasks({ id, position, company, confirm }: { id: number; position: string; company: string; confirm: Confirm }) {
  const loaded = useLoad(() => call('get_myApplicationTasks', { id }), String(id));
  const [changed, setChanged] = useState<Tasks | null>(null);
  const [named, setNamed] = useState(false);
  const tasks = changed?.id === id && !loaded.loading ? changed : loaded.data;
  if (!tasks) return null;
  const update = (next: Tasks) => setChanged(next);
  const reload = () => {
    setChanged(null);
    loaded.reload();
  };
  return (
    <>
      {tasks.interviews.map((i) => (
        <InterviewTask key={i.id} applicationId={id} interview={i} position={position} confirm={confirm} onChange={update} onStale={reload} />
      ))}
      {named && (
        <p role="status" className="cand-notice">
          {t.refereesSent}
        </p>
      )}
      {tasks.refereesWanted !== null && (
        <RefereesForm
          applicationId={id}
          count={tasks.refereesWanted}
          company={company}
          onNamed={(next) => {
            update(next);
            setNamed(true);
          }}
        />
      )}
    </>
  );
}

function InterviewTask(props: { applicationId: number; interview: Interview; position: string; confirm: Confirm; onChange(t: Tasks): void; onStale(): void }) {
  const { applicationId, interview: i, position, confirm, onChange, onStale } = props;
  const id = useId();
  const { busy, run } = useBusy();
  const [choosing, setChoosing] = useState(false);
  const [slot, setSlot] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const act = async (work: () => Promise<Tasks>, done: (t: Tasks) => string) => {
    setProblem('');
    setNotice('');
    try {
      const next = await run(work);
      setChoosing(false);
      setSlot(null);
      setNotice(done(next));
      onChange(next);
    } catch (err) {
      setProblem(problemOf(err));
      // A time taken or gone meanwhile: show the times still open.
      if (err instanceof ApiError && (err.status === 409 || err.status === 404 || err.status === 410)) onStale();
    }
  };
  const book = (e: FormEvent) => {
    e.preventDefault();
    if (slot === null) return;
    void act(
      () => call('update_myInterview', { id: applicationId, interviewId: i.id, slotId: slot }),
      (next) => {
        const b = next.interviews.find((x) => x.id === i.id)?.booked;
        return b ? fill(t.booked, { time: when(b.start) }) : '';
      },
    );
  };
  const cancel = async () => {
    if (!i.booked || !(await confirm({ message: fill(t.confirmCancel, { time: when(i.booked.start) }), confirmLabel: t.cancel, cancelLabel: t.keep, danger: true }))) return;
    await act(() => call('delete_myInterview', { id: applicationId, interviewId: i.id }), () => t.cancelDone);
  };
  const b = i.booked;
  const open = i.slots.filter((s) => s.id !== b?.id);
  return (
    <section className="cand-task" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t.interviewTitle}</h3>
      {notice && (
        <p role="status" className="cand-notice">
          {notice}
        </p>
      )}
      {problem && (
        <p role="alert" className="adm-form-error">
          {problem}
        </p>
      )}
      {b ? (
        <>
          <p>{fill(t.interviewBooked, { time: when(b.start), minutes: String(b.minutes) })}</p>
          {b.place && <p>{fill(sv.interviews.pageWhere, { place: b.place })}</p>}
          {b.videoUrl && <p className="cand-task-url">{fill(sv.interviews.pageVideo, { url: b.videoUrl })}</p>}
          {b.past ? (
            <p>{t.interviewPast}</p>
          ) : (
            <p className="cand-app-actions">
              <BusyButton type="button" className="adm-button" busy={busy} aria-expanded={choosing} onClick={() => {
                  setNotice('');
                  setChoosing((c) => !c);
                }} aria-label={fill(t.rescheduleNamed, { name: position })}>
                {t.reschedule}
              </BusyButton>
              <BusyButton type="button" className="adm-button" busy={busy} onClick={() => void cancel()} aria-label={fill(t.cancelNamed, { name: position })}>
                {t.cancel}
              </BusyButton>
            </p>
          )}
        </>
      ) : (
        <p>{i.status === 'cancelled' ? t.interviewCancelled : fill(t.interviewWaiting, { company: i.company })}</p>
      )}
      {(!b || choosing) &&
        (i.expired ? (
          <p>{t.interviewExpired}</p>
        ) : open.length === 0 ? (
          <p>{t.noSlots}</p>
        ) : (
          <form onSubmit={book} className="cand-slots">
            <fieldset>
              <legend>{t.chooseTime}</legend>
              {open.map((s) => (
                <label key={s.id} className="cand-slot">
                  <input type="radio" name={`${id}-slot`} value={s.id} checked={slot === s.id} required onChange={() => setSlot(s.id)} />{' '}
                  {when(s.start)} ({fill(sv.interviews.pageMinutes, { minutes: String(s.minutes) })})
                </label>
              ))}
            </fieldset>
            <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
              {t.book}
            </BusyButton>
          </form>
        ))}
    </section>
  );
}
