import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { call } from '../call';
import { useSession } from '../../runner/session/session';
import { useToast } from '../../shared/toast';
import { useBusy } from '../../shared/useBusy';
import { LabelSelect } from '../LabelSelect';
import { Card } from './Card';
import type { ApplicantDetail, Label } from '../types';
import { formatStockholmDate, formatStockholmDateTime as dateTime } from '../../../engine/dates';
import { fill } from '../../../engine/fill';
import { ResendEmail } from '../mail/ResendEmail';
import { ApiError } from '../../api';
import { BusyButton } from '../../shared/BusyButton';

/** A save on an application a colleague has erased meanwhile says so (not a bare 'Hittades inte'). */
function saveFailure(err: unknown, handleError: (err: unknown) => string): string {
  return err instanceof ApiError && err.status === 404 ? sv.applicants.applicant.missing : handleError(err);
}

const t = sv.applicants.applicant;
const anon = sv.personFields.anonymous;

/** What an answer hidden by anonymous screening reads as: the step at which it is shown ('Dolt till steget Intervju'). */
export const hiddenText = (until: string | null) => (until === null ? anon.hiddenForGood : fill(anon.hiddenUntil, { level: until }));

/** Email, applied date, and age and gender only when the company profile allows (showAge/showGender, off unless an administrator turns them on). */
export function Facts({ a, showAge, showGender }: { a: ApplicantDetail; showAge: boolean; showGender: boolean }) {
  return (
    <dl className="apl-facts">
      <dt>{t.email}</dt>
      {a.hidden ? <dd className="blk-view-empty">{hiddenText(a.hidden.until)}</dd> : <dd><a href={`mailto:${a.email}`}>{a.email}</a></dd>}
      <dt>{t.applied}</dt>
      <dd className="bk-date">{formatStockholmDate(a.created)}</dd>
      {showAge && typeof a.info.age === 'number' && (
        <>
          <dt>{t.age}</dt>
          <dd>{fill(t.ageValue, { age: String(a.info.age) })}</dd>
        </>
      )}
      {showGender && a.info.gender && (
        <>
          <dt>{t.gender}</dt>
          <dd>{a.info.gender}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * Interest and Process label: shown to all, changed by writers (one call per changed label).
 * `onSaved` gets the labels the applicant was moved to (each may have a template to offer).
 * The card stays mounted across the reload, and the focus comes back to 'Spara status' when
 * nothing else (an offer) took it.
 */
export function LabelsCard({ a, labels, canWrite, onSaved }: { a: ApplicantDetail; labels: Label[]; canWrite: boolean; onSaved(movedTo: number[]): void }) {
  const id = useId();
  const toast = useToast();
  const { handleError } = useSession();
  const [status, setStatus] = useState(a.interestLabelId ?? 0);
  const [level, setLevel] = useState(a.processLabelId ?? 0);
  // The application as reloaded (or changed by a colleague) is what the selects show.
  useEffect(() => setStatus(a.interestLabelId ?? 0), [a.interestLabelId]);
  useEffect(() => setLevel(a.processLabelId ?? 0), [a.processLabelId]);
  const { busy, run } = useBusy();
  const button = useRef<HTMLButtonElement>(null);
  const name = (lid: number | null) => labels.find((l) => l.id === lid)?.name ?? '–';

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    void run(async () => {
      const moved = status && status !== a.interestLabelId ? status : undefined;
      const leveled = level && level !== a.processLabelId ? level : undefined;
      if (moved) await call('update_jobApplicationStatus', { labelId: moved, ids: [a.id] });
      if (leveled) await call('update_jobApplicationProcess', { labelId: leveled, ids: [a.id] });
      toast.show(sv.toast.saved, 'success');
      onSaved([moved, leveled].filter((x): x is number => x !== undefined));
    })
      .catch((err: unknown) => toast.show(saveFailure(err, handleError), 'error'))
      .finally(() =>
        requestAnimationFrame(() => {
          const active = document.activeElement;
          if (!active || active === document.body) button.current?.focus();
        }),
      );
  };

  return (
    <Card title={t.labels}>
      {canWrite ? (
        <form className="apl-label-form" onSubmit={save}>
          <LabelSelect id={`${id}-s`} label={t.status} labels={labels.filter((l) => l.labelType === 'Interest')} value={status} onChange={setStatus} />
          <LabelSelect id={`${id}-p`} label={t.process} labels={labels.filter((l) => l.labelType === 'Process')} value={level} onChange={setLevel} />
          <BusyButton ref={button} type="submit" className="adm-button adm-button-primary" busy={busy}>{t.saveLabels}</BusyButton>
        </form>
      ) : (
        <dl className="apl-facts">
          <dt>{t.status}</dt>
          <dd>{name(a.interestLabelId)}</dd>
          <dt>{t.process}</dt>
          <dd>{name(a.processLabelId)}</dd>
        </dl>
      )}
    </Card>
  );
}

/** Notes, newest last; writers add one with create_JobApplicantNote ('Anteckning sparad'). */
export function NotesCard({ a, canWrite, onSaved }: { a: ApplicantDetail; canWrite: boolean; onSaved(next: ApplicantDetail): void }) {
  const id = useId();
  const toast = useToast();
  const { handleError } = useSession();
  const [text, setText] = useState('');
  const { busy, run } = useBusy();

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    void run(async () => {
      const next = await call('create_JobApplicantNote', { id: a.id, note: text.trim() });
      setText('');
      toast.show(sv.toast.noteSaved, 'success');
      onSaved(next);
    }).catch((err: unknown) => toast.show(saveFailure(err, handleError), 'error'));
  };

  return (
    <Card title={t.notes}>
      {a.notes.length === 0 ? (
        <p>{t.noNotes}</p>
      ) : (
        <ul className="apl-notes">
          {a.notes.map((n) => (
            <li key={n.id}>
              <span className="apl-note-meta">{dateTime(n.created)} · {n.author}</span>
              <p className="apl-note-text">{n.note}</p>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form className="apl-note-form" onSubmit={save}>
          <label htmlFor={`${id}-n`}>{t.newNote}</label>
          <textarea id={`${id}-n`} value={text} maxLength={10000} onChange={(e) => setText(e.currentTarget.value)} />
          {/* Empty after a save: aria-disabled, so the focus stays on it (save() ignores an empty note). */}
          <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy} aria-disabled={!text.trim() || undefined}>{t.saveNote}</BusyButton>
        </form>
      )}
    </Card>
  );
}

/** What happened, with who and when (oldest first, as it happened); a failed mail offers 'Skicka igen' when `onResent` is given. */
export function LogCard({ a, onResent }: { a: ApplicantDetail; onResent?(): void }) {
  return (
    <Card title={t.log}>
      {a.logs.length === 0 ? (
        <p>{t.noLog}</p>
      ) : (
        <ol className="apl-log">
          {a.logs.map((l, i) => (
            <li key={i}>
              <span className="apl-log-meta">{dateTime(l.at)}{l.by ? ` · ${fill(t.logBy, { by: l.by })}` : ''}</span>
              <div>{l.text}</div>
              {onResent && <ResendEmail entry={l} applicant={{ id: a.id, name: a.info.name || a.email, email: a.email, positionId: a.positionId }} onSent={onResent} />}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
