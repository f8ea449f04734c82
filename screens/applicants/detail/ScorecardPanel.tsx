import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import sv from '../../../schemas/messages/sv.json';
import type { ActionAnswer } from '../../../schemas/generated/actions';
import { fill } from '../../../engine/fill';
import { formatStockholmDateTime as dateTime } from '../../../engine/dates';
import { ApiError } from '../../api';
import { useSession } from '../../runner/session/session';
import { useToast } from '../../shared/toast';
import { call } from '../call';
import { useLoad } from '../../shared/useLoad';
import { useBusy } from '../../shared/useBusy';
import { Card } from './Card';
import './scorecards.css';
import { BusyButton } from '../../shared/BusyButton';

const t = sv.scorecards.panel;
type View = ActionAnswer['get_applicantScorecards'];
type Scorecard = View['others'][number];
type Overall = Scorecard['overall'];
const OVERALLS: Overall[] = ['yes', 'maybe', 'no'];
const SCORES = [1, 2, 3, 4, 5];

/** Average as Swedish text: one or two decimals with a comma. */
const average = (n: number) => n.toLocaleString('sv-SE', { maximumFractionDigits: 2 });

/**
 * 'Bedömning' on the applicant page (issue 17 item 2): the caller's own scorecard — a 1–5
 * radio group per criterion with an optional comment, an overall Ja / Kanske / Nej — and,
 * once it is saved, the team's. Before that the server sends only how many have rated; the
 * panel says so. Native radio groups: Tab between groups, arrows within, as any form.
 * With `interviewId` (issue 30 item 2) it is that interview's, inside the interview card: the
 * kit's questions to ask, then the scorecards of the interview under the same rule.
 */
export function ScorecardPanel({ applicantId, interviewId, onSaved }: { applicantId: number; interviewId?: number; onSaved?(): void }) {
  const { handleError } = useSession();
  const target = { id: applicantId, ...(interviewId ? { interviewId } : {}) };
  const loaded = useLoad(
    () =>
      call('get_applicantScorecards', target).catch((err: unknown) => {
        handleError(err);
        throw err;
      }),
    `${applicantId}:${interviewId ?? 0}`,
  );
  // A save answers the new view; it stands for this applicant until another is loaded.
  const [saved, setSaved] = useState<{ id: number; view: View } | null>(null);
  const [choice, setChoice] = useState<{ id: number; editing: boolean } | null>(null);
  const view = saved?.id === applicantId ? saved.view : loaded.loading ? null : (loaded.data ?? null);
  // Without a card of one's own the application's form is open (an interview's behind 'Bedöm intervjun'); otherwise as the user chose.
  const editing = choice?.id === applicantId ? choice.editing : view?.mine === null && !interviewId;
  const setEditing = (next: boolean) => setChoice({ id: applicantId, editing: next });
  const failed = !view && loaded.error !== undefined;

  const onCardSaved = useCallback(
    (v: View) => {
      setSaved({ id: applicantId, view: v });
      setChoice({ id: applicantId, editing: false });
      onSaved?.();
    },
    [applicantId, onSaved],
  );

  const H = interviewId ? 'h4' : 'h3';
  return (
    <Frame interview={!!interviewId}>
      {view?.questions && view.questions.length > 0 && (
        <>
          <h4>{sv.scorecards.interview.questions}</h4>
          <ol className="sc-questions">
            {view.questions.map((q, i) => <li key={i}>{q}</li>)}
          </ol>
        </>
      )}
      {failed ? (
        <div role="alert">
          <p>{t.error}</p>
          <button type="button" className="adm-button" onClick={loaded.reload}>{t.retry}</button>
        </div>
      ) : !view ? (
        <p role="status">{t.loading}</p>
      ) : (
        <>
          <p className="sc-summary" role="status">
            {view.average !== null
              ? fill(t.average, { average: average(view.average), count: String(view.count) })
              : view.hidden > 0
                ? view.hidden === 1
                  ? t.hiddenOne
                  : fill(t.hidden, { count: String(view.hidden) })
                : view.count === 0
                  ? t.noneYet
                  : ''}
          </p>
          {editing ? (
            <ScorecardForm target={target} view={view} onSaved={onCardSaved} onCancel={view.mine ? () => setEditing(false) : undefined} />
          ) : view.mine ? (
            <>
              <H>{t.mine}</H>
              <CardView card={view.mine} />
              <button type="button" className="adm-button" onClick={() => setEditing(true)}>{t.edit}</button>
            </>
          ) : (
            <button type="button" className="adm-button" onClick={() => setEditing(true)}>{sv.scorecards.interview.rate}</button>
          )}
          {view.mine && (
            <>
              <H>{t.others}</H>
              {view.others.length === 0 ? (
                <p>{t.noOthers}</p>
              ) : (
                <ul className="sc-others">
                  {view.others.map((c) => (
                    <li key={c.raterId}>
                      <CardView card={c} named />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </>
      )}
    </Frame>
  );
}

/** The application's own scorecards are a card of the page; an interview's sit in the interview card. */
function Frame({ interview, children }: { interview: boolean; children: ReactNode }) {
  if (!interview) return <Card title={t.title} className="sc-panel">{children}</Card>;
  return (
    <div className="sc-panel sc-interview">
      <h3>{sv.scorecards.interview.title}</h3>
      {children}
    </div>
  );
}

function CardView({ card, named = false }: { card: Scorecard; named?: boolean }) {
  return (
    <div className="sc-card">
      <p className="sc-card-head">
        {named ? fill(t.cardAverage, { name: card.raterName, average: average(card.average), overall: t[card.overall] }) : `${average(card.average)} · ${t[card.overall]}`}
        <span className="apl-meta"> · {dateTime(card.updated)}</span>
      </p>
      <ul className="sc-scores">
        {card.scores.map((s) => (
          <li key={s.criterionId}>
            {fill(t.scoreLine, { name: s.name, score: String(s.score) })}
            {s.comment && <span className="sc-comment"> – {s.comment}</span>}
          </li>
        ))}
      </ul>
      {card.comment && <p className="sc-comment">{card.comment}</p>}
    </div>
  );
}

function ScorecardForm({ target, view, onSaved, onCancel }: { target: { id: number; interviewId?: number }; view: View; onSaved(v: View): void; onCancel: (() => void) | undefined }) {
  const id = useId();
  const toast = useToast();
  const { handleError } = useSession();
  const mine = view.mine;
  const [scores, setScores] = useState<Record<string, number>>(() => Object.fromEntries((mine?.scores ?? []).map((s) => [s.criterionId, s.score])));
  const [comments, setComments] = useState<Record<string, string>>(() => Object.fromEntries((mine?.scores ?? []).map((s) => [s.criterionId, s.comment ?? ''])));
  const [overall, setOverall] = useState<Overall | null>(mine?.overall ?? null);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [problem, setProblem] = useState('');
  const { busy, run } = useBusy();
  const problemRef = useRef<HTMLParagraphElement>(null);

  function refuse(message: string) {
    setProblem(message);
    // Announced and in view where the user is: the alert below the form.
    requestAnimationFrame(() => problemRef.current?.focus());
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const unrated = view.criteria.find((c) => !scores[c.id]);
    if (unrated) return refuse(fill(t.needsAll, { name: unrated.name }));
    if (!overall) return refuse(t.needsOverall);
    setProblem('');
    try {
      const next = await run(() => call('upsert_applicantScorecard', {
        ...target,
        scores: view.criteria.map((c) => ({ criterionId: c.id, score: scores[c.id]!, ...(comments[c.id]?.trim() ? { comment: comments[c.id]!.trim() } : {}) })),
        overall,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      }));
      toast.show(t.saved, 'success');
      onSaved(next);
    } catch (err) {
      const message = handleError(err);
      refuse(err instanceof ApiError ? message : sv.applicants.error);
    }
  }

  if (view.criteria.length === 0) return <p>{t.noCriteria}</p>;
  return (
    <form className="sc-form" onSubmit={(e) => void save(e)} noValidate>
      <p>{t.intro}</p>
      {view.criteria.map((c, i) => (
        <fieldset key={c.id} className="apl-fieldset sc-criterion">
          <legend>{c.name}</legend>
          <div className="sc-scale">
            {SCORES.map((n) => (
              <label key={n} className="sc-score">
                <input type="radio" name={`${id}-c${i}`} value={n} checked={scores[c.id] === n} onChange={() => setScores((s) => ({ ...s, [c.id]: n }))} aria-label={fill(t.scoreOption, { score: String(n) })} />
                <span aria-hidden="true">{n}</span>
              </label>
            ))}
          </div>
          <label htmlFor={`${id}-k${i}`} className="sc-comment-label">{fill(t.commentLabel, { name: c.name })}</label>
          <textarea id={`${id}-k${i}`} rows={2} maxLength={2000} value={comments[c.id] ?? ''} onChange={(e) => {
              const text = e.currentTarget.value;
              setComments((s) => ({ ...s, [c.id]: text }));
            }} />
        </fieldset>
      ))}
      <fieldset className="apl-fieldset">
        <legend>{t.overall}</legend>
        <div className="sc-scale">
          {OVERALLS.map((o) => (
            <label key={o} className="apl-option">
              <input type="radio" name={`${id}-overall`} value={o} checked={overall === o} onChange={() => setOverall(o)} />
              {t[o]}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${id}-comment`}>{t.comment}</label>
      <textarea id={`${id}-comment`} rows={3} maxLength={4000} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
      {problem && (
        <p role="alert" tabIndex={-1} ref={problemRef} className="adm-error">
          {problem}
        </p>
      )}
      <div className="adm-actions">
        <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>{busy ? t.saving : t.save}</BusyButton>
        {onCancel && <button type="button" className="adm-button" onClick={onCancel}>{t.cancel}</button>}
      </div>
    </form>
  );
}
