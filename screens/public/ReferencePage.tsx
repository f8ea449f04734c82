import { useCallback, useEffect, useRef, useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { fieldErrorsOf } from '../../engine/error-details';
import type { PrecompiledForm } from '../../engine/precompiled';
import type { Answers, FieldError } from '../../engine/types';
import { ApplicationForm } from '../../engine/react/ApplicationForm';
import { FormEngineProvider } from '../../engine/react/context';
import { publicFormEngine } from '../../widgets/precompiled';
import { ApiError, publicPost } from '../api';
import { useLocation } from './router';
import { Loading } from './States';
import { useDocumentMeta, useNoIndex } from './useDocumentMeta';

const r = sv.references.page;

/** POST /api/public/references/open's answer (server/domain/references/answer.ts). */
interface Opened {
  company: string;
  applicant: string;
  position: string;
  referee: string;
  compiledForm: PrecompiledForm | null;
  messages: Record<string, string>;
}

type State = { kind: 'loading' } | { kind: 'form'; data: Opened } | { kind: 'refused'; message: string } | { kind: 'failed' } | { kind: 'done'; company: string };

const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
const refused = (err: unknown): State => (err instanceof ApiError && !err.isNetwork && [404, 409, 410, 429].includes(err.status) ? { kind: 'refused', message: err.body.message } : { kind: 'failed' });

/**
 * The referee's page (issue 30 item 3): the link's token (in the fragment, so no server log
 * sees it) opens the organisation's reference form, rendered by the engine in entry mode as the
 * apply page's form is; sent once. A used link says the reference is answered, an expired one
 * that it has expired, each in the server's Swedish words.
 */
export function ReferencePage() {
  useDocumentMeta(r.titleShort);
  useNoIndex(true);
  const { hash } = useLocation();
  const token = tokenOf(hash);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [tries, setTries] = useState(0);
  const thanks = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    publicPost<Opened>('/api/public/references/open', { token }).then(
      (data) => live && setState({ kind: 'form', data }),
      (err: unknown) => live && setState(refused(err)),
    );
    return () => {
      live = false;
    };
  }, [token, tries]);
  useEffect(() => {
    if (state.kind === 'done') thanks.current?.focus();
  }, [state.kind]);

  const onSubmit = useCallback(
    async (answers: Answers) => {
      if (busy) return;
      setBusy(true);
      setProblem('');
      try {
        const done = await publicPost<{ company: string }>('/api/public/references/answer', { token, answers });
        setState({ kind: 'done', company: done.company });
      } catch (err) {
        if (err instanceof ApiError && err.status === 400 && fieldErrorsOf(err.body.details).length) setServerErrors(fieldErrorsOf(err.body.details));
        else if (err instanceof ApiError && [404, 409, 410].includes(err.status)) setState(refused(err));
        else setProblem(r.failed);
      } finally {
        setBusy(false);
      }
    },
    [busy, token],
  );

  if (state.kind === 'loading') return <Loading />;
  if (state.kind === 'failed')
    return (
      <section className="pub-section pub-error" role="alert">
        <p>{sv.public.loadError}</p>
        <button type="button" className="pub-button" onClick={() => setTries((n) => n + 1)}>
          {sv.public.retry}
        </button>
      </section>
    );
  if (state.kind === 'refused')
    return (
      <section className="pub-section" aria-labelledby="pub-ref-title">
        <h1 id="pub-ref-title">{r.titleShort}</h1>
        <p role="alert">{state.message}</p>
      </section>
    );
  if (state.kind === 'done')
    return (
      <section className="pub-section pub-success" aria-labelledby="pub-ref-title">
        <h1 id="pub-ref-title" ref={thanks} tabIndex={-1}>
          {r.thanks}
        </h1>
        <p>{fill(r.thanksText, { company: state.company })}</p>
      </section>
    );
  const d = state.data;
  return (
    <article className="pub-section pub-apply" aria-labelledby="pub-ref-title">
      <h1 id="pub-ref-title">{fill(r.title, { applicant: d.applicant })}</h1>
      <p className="pub-lead">{fill(r.intro, { company: d.company, applicant: d.applicant, position: d.position })}</p>
      <FormEngineProvider engine={publicFormEngine()}>
        <ApplicationForm precompiled={d.compiledForm} mode="entry" onSubmit={onSubmit} messages={d.messages} serverErrors={serverErrors} submitLabel={busy ? r.submitting : r.submit} disabled={busy} />
      </FormEngineProvider>
      <div className="pub-problem" role="alert">
        {problem && <p>{problem}</p>}
      </div>
    </article>
  );
}
