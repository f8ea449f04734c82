import { useEffect, useId, useState, type FormEvent } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { stockholmWallToUnix } from '../../../engine/dates';
import { fill } from '../../../engine/fill';
import { call } from '../call';
import { useSession } from '../../runner/session/session';
import { useLoad } from '../../shared/useLoad';
import { BusyButton } from '../../shared/BusyButton';

const t = sv.interviews.card;

/** What an offer sends besides whom it is for (create_interviewSlots and create_interviewSlotsForMany alike). */
interface Offer {
  slots: { start: number; minutes: number }[];
  interviewers: number[];
  place?: string;
  videoUrl?: string;
}

/**
 * The times to offer, their length, the place or video link, and the interviewers: chosen
 * among the staff with a right on the position (get_positionInterviewers), the writer ticked
 * from the start when they are among them. `send` makes the call; a refusal is said here.
 */
export function OfferTimesForm({ positionId, submitLabel, send }: { positionId: number; submitLabel: string; send(offer: Offer): Promise<void> }) {
  const people = useLoad(() => call('get_positionInterviewers', { positionId }), String(positionId));
  const { user, handleError } = useSession();
  const id = useId();
  const [times, setTimes] = useState<string[]>(['']);
  const [minutes, setMinutes] = useState(30);
  const [place, setPlace] = useState('');
  const [videoUrl, setVideoUrl] = useState('');
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  // The writer (the token's subject is their e-mail) is the likely interviewer: ticked once the
  // list has come, never again after a change.
  const me = people.data?.rows.find((r) => r.email.toLowerCase() === user?.sub.toLowerCase())?.id;
  useEffect(() => {
    if (people.data && chosen === null) setChosen(me === undefined ? [] : [me]);
  }, [people.data, chosen, me]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const starts = times.map(stockholmWallToUnix);
    if (starts.some((s) => s === null)) return setProblem(t.badTime);
    if (!chosen?.length) return setProblem(t.chooseInterviewer);
    setBusy(true);
    setProblem('');
    try {
      await send({
        slots: starts.map((start) => ({ start: start!, minutes })),
        interviewers: chosen,
        ...(place.trim() ? { place: place.trim() } : {}),
        ...(videoUrl.trim() ? { videoUrl: videoUrl.trim() } : {}),
      });
    } catch (err) {
      setProblem(handleError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)}>
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
      <fieldset className="apl-fieldset">
        <legend>{t.interviewers}</legend>
        {people.loading && !people.data && <p role="status">{sv.screens.loading}</p>}
        {people.error !== undefined && (
          <p role="alert">
            {t.interviewersFailed}{' '}
            <button type="button" className="adm-button" onClick={people.reload}>{sv.screens.retry}</button>
          </p>
        )}
        {people.data?.rows.length === 0 && <p>{t.noInterviewers}</p>}
        {people.data?.rows.map((r) => (
          <label key={r.id} className="apl-option">
            <input
              type="checkbox"
              checked={chosen?.includes(r.id) ?? false}
              onChange={(e) => setChosen((c) => (e.target.checked ? [...(c ?? []), r.id] : (c ?? []).filter((x) => x !== r.id)))}
            />{' '}
            {r.id === me ? fill(t.you, { name: r.name }) : r.name}
          </label>
        ))}
      </fieldset>
      {problem && <p role="alert" className="apl-error">{problem}</p>}
      <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>{submitLabel}</BusyButton>
    </form>
  );
}
