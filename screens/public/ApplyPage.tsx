import { useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from './router';
import { ApplicationForm } from '../../engine/react/ApplicationForm';
import type { Answers, FieldError } from '../../engine/types';
import { typedBeforeLive } from './earlyInput';
import { clearDraft, loadDraft, loadStep, saveDraft, saveStep, sessionStore } from './draft';
import { applyPath } from './paths';
import { positionPath } from './positionRef';
import { ClosedNotice } from './PositionPage';
import { PrivacyNotice } from './PrivacyNotice';
import { SENT_PARAM, SsrDataContext } from './ssr';
import { submitApplication } from './submitApplication';
import { TermsButton } from './TermsDialog';
import { fill } from '../../engine/fill';
import type { PublicContainer, PublicPosition } from './types';
import { useDocumentMeta, useNoIndex } from './useDocumentMeta';
import { FormEngineProvider } from '../../engine/react/context';
import { publicFormEngine } from '../../widgets/precompiled';
import { sourceTagOf } from '../../engine/source-tag';
import { visitCounter } from './visit';
import sv from '../../schemas/messages/sv.json';

const h = sv.hiringDay;
const s = sv.public;

/**
 * The apply page: the position's own form rendered by the engine in entry mode, terms and
 * privacy notice, and the submit flow. Answers live in the form (and in sessionStorage for
 * reloads) until the server has accepted them, so no failure ever loses them.
 */
export default function ApplyPage({ position: p, container }: { position: PublicPosition; container: PublicContainer | null }) {
  const title = fill(s.applyTitle, { position: p.name });
  useDocumentMeta(title, p.description || p.name, applyPath(p));
  useNoIndex(p.isInternal);
  // A form sent without script comes back drawn by the server with its answers and refusals
  // (server/http/apply-form.ts); a 303 after success lands here with ?skickad=1.
  const ssr = useContext(SsrDataContext);
  const posted = ssr?.form?.positionId === p.id ? ssr.form : undefined;
  const location = useLocation();
  const sent = new URLSearchParams(location.search).has(SENT_PARAM);
  // The shared link's ?källa= / utm_source tag goes with the application (issue 30 item 4).
  const source = sourceTagOf(location.search);
  const [closed, setClosed] = useState<string | null>(posted?.closed ?? (p.status === 'Öppen' || sent ? null : s.positionClosed));
  const [done, setDone] = useState<{ firstname: string } | null>(sent ? { firstname: '' } : null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ n: number; text: string } | null>(posted?.problem ? { n: 0, text: posted.problem } : null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  // A refusal is shown under the submit button, where the applicant just pressed, brought
  // into view and focused: on a phone the top of the page is a long scroll away (issue 17 item 6).
  useEffect(() => {
    const el = problemRef.current;
    if (!problem || !el) return;
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  }, [problem]);
  const [serverErrors, setServerErrors] = useState<FieldError[]>(posted?.errors ?? []);
  const inFlight = useRef(false);
  // Closed by the answer to a submit (not on arrival): the notice takes the focus then.
  const submitted = useRef(false);
  const storage = useMemo(() => sessionStore(), []);
  // The draft is restored after the first render, so a server-rendered page hydrates with the
  // same empty form the server drew; the form owns the answers after this (a new object here
  // would overwrite them). Until then a change (defaults on mount) must not replace the draft.
  const [initial, setInitial] = useState<Answers | undefined>(posted?.answers);
  const restored = useRef(false);
  // The server-rendered form is a real form (multipart POST to this page) that works before and
  // without the script; once live the script takes it over. `data-live` says which it is.
  const [live, setLive] = useState(ssr === null);
  const [step, setStep] = useState<number | undefined>(posted?.step);
  const gate = useRef<HTMLFieldSetElement>(null);
  // Live once the form holds what the server's form showed (the answers are adopted in the
  // form's own effect, a render after this one's): a send pressed before, held by the page's
  // entry (takeOver.ts), is pressed again at `data-live` and must judge those answers.
  const [adopting, setAdopting] = useState(false);
  useEffect(() => {
    if (adopting) setLive(true);
  }, [adopting, initial]);
  useEffect(() => {
    restored.current = true;
    setAdopting(true);
    const typed = typedBeforeLive(gate.current, p.compiledForm?.uiSchema);
    // What the server sent back is newer than any draft in this tab.
    const base = posted ? posted.answers : loadDraft(storage, p.id, p.metadata);
    const answers = { ...base, ...typed };
    // Read again when the form takes them: the applicant may go on typing (through React, which
    // keeps this tab's draft from now on) before that render, and nothing typed may be dropped.
    const uiSchema = p.compiledForm?.uiSchema;
    const latest = () => ({ ...(posted ? posted.answers : loadDraft(storage, p.id, p.metadata)), ...typedBeforeLive(gate.current, uiSchema) });
    if (Object.keys(typed).length > 0 || (!posted && Object.keys(answers).length > 0)) setInitial(latest);
    if (posted) saveStep(storage, p.id, posted.step);
    else setStep(loadStep(storage, p.id));
  }, [storage, p.id, p.metadata, p.compiledForm, posted]);
  // Drop-off counts: the page opened once it is live and open, then each step reached.
  const visit = useMemo(() => visitCounter(p.id), [p.id]);
  const counting = live && !sent && !closed;
  useEffect(() => {
    if (counting) visit(0);
  }, [counting, visit]);
  const onStepChange = useCallback(
    (n: number) => {
      saveStep(storage, p.id, n);
      visit(n);
    },
    [storage, p.id, visit],
  );

  const onChange = useCallback((answers: Answers) => restored.current && saveDraft(storage, p.id, answers, p.metadata), [storage, p.id, p.metadata]);
  // Answers the form adopts (typed before the script had the form, or sent back by the server)
  // are this tab's draft at once, not at the next change: a reload before it must not drop them.
  useEffect(() => {
    if (initial && restored.current) saveDraft(storage, p.id, initial, p.metadata);
  }, [initial, storage, p.id, p.metadata]);

  // The separate, unticked talent-pool choice (issue 28): read at send, never part of the answers.
  const pool = useRef(false);
  const onSubmit = useCallback(
    async (answers: Answers) => {
      // Double clicks and Enter presses while a request is out are dropped here, before the button re-renders disabled.
      if (inFlight.current) return;
      inFlight.current = true;
      submitted.current = true;
      setBusy(true);
      setProblem(null);
      try {
        const out = await submitApplication(p.id, answers, p.metadata, pool.current, source);
        if (out.kind === 'ok') {
          clearDraft(storage, p.id);
          saveStep(storage, p.id, 0);
          setDone({ firstname: out.firstname });
          return;
        }
        if (out.kind === 'invalid') {
          setServerErrors(out.errors);
          return;
        }
        if (out.kind === 'closed') {
          setClosed(out.message);
          return;
        }
        setProblem((prev) => ({ n: (prev?.n ?? 0) + 1, text: out.message }));
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [p.id, p.metadata, storage, source],
  );

  return (
    <article className="pub-section pub-apply" aria-labelledby="pub-apply-title">
      <p className="pub-back">
        <Link to={positionPath(p)}>{s.backToPosition}</Link>
      </p>
      <h1 id="pub-apply-title">{title}</h1>
      {done ? (
        <Success firstname={done.firstname} position={p.name} containerId={p.containerId} />
      ) : closed ? (
        <ClosedNotice focus={submitted.current} />
      ) : (
        <>
          <p className="pub-lead">{s.applyIntro}</p>
          <p className="pub-terms-line">
            <TermsButton container={container} />
          </p>
          {/* The form the server compiled, validated by its precompiled validator: no compiling here. */}
          <fieldset ref={gate} className="pub-form-gate" data-position={p.id} data-live={live || undefined}>
            <FormEngineProvider engine={publicFormEngine()}>
              <ApplicationForm
                precompiled={p.compiledForm}
                mode="entry"
                answers={initial}
                onChange={onChange}
                onSubmit={onSubmit}
                messages={p.messages}
                serverErrors={serverErrors}
                positionStart={p.start}
                submitLabel={busy ? s.submitting : s.submit}
                disabled={busy}
                step={step}
                onStepChange={onStepChange}
                nativeAction={location.pathname + location.search}
                beforeSubmit={container?.talentPool && <TalentPoolChoice consent={container.talentPool} onChange={(v) => (pool.current = v)} />}
              />
            </FormEngineProvider>
          </fieldset>
          <div className="pub-problem" role="alert">
            {problem && (
              <p key={problem.n} ref={problemRef} tabIndex={-1}>
                {problem.text}
              </p>
            )}
          </div>
          <PrivacyNotice container={container} level={2} />
        </>
      )}
    </article>
  );
}

/** The thanks, focused, with what happens next and the way to Mina sidor (issue 17 item 6). */
function Success({ firstname, position, containerId }: { firstname: string; position: string; containerId: number }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="pub-success">
      <h2 ref={ref} tabIndex={-1}>
        {firstname ? fill(s.success, { firstname }) : s.successNoName}
      </h2>
      <p>{fill(s.successText, { position })}</p>
      <h3>{h.nextTitle}</h3>
      <p>{h.nextSteps}</p>
      <p>{h.myPagesText}</p>
      <p className="pub-success-links">
        {/* The candidate area is part of the admin app: a full page load, not a public route. */}
        <a href={`/admin/minasidor?org=${containerId}`}>{h.myPagesLink}</a>
        <Link to="/positions">{s.seeAllPositions}</Link>
      </p>
    </div>
  );
}

/** 'Spara mina uppgifter i talangpoolen i N månader': unticked, separate from the application's own consent, with its own text. */
function TalentPoolChoice({ consent, onChange }: { consent: NonNullable<PublicContainer['talentPool']>; onChange(v: boolean): void }) {
  const id = useId();
  return (
    <div className="pub-talent-pool" data-consent-version={consent.version}>
      <input type="checkbox" id={id} name="talentPool" aria-describedby={`${id}-text`} onChange={(e) => onChange(e.currentTarget.checked)} />
      <label htmlFor={id}>{consent.label}</label>
      <p id={`${id}-text`} className="pub-talent-pool-text">
        {consent.text}
      </p>
    </div>
  );
}
