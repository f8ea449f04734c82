import { useId, useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { formatIsoDate, stockholmDate } from '../../engine/dates';
import { ApiError, publicPost } from '../api';
import { usePublicSite } from './context';
import { Loading, LoadError, NotFoundPage } from './States';
import { usePublicGet } from './useFetch';
import { useDocumentMeta } from './useDocumentMeta';

const t = sv.accessibility.page;

/** GET /api/public/…/accessibility (server/domain/organisations/accessibility.ts publicStatement). */
export interface Statement {
  organisation: string | null;
  name: string | null;
  compliance: 'full' | 'partial' | 'none';
  nonAccessible: string;
  assessment: string;
  assessedOn: string;
  canReport: boolean;
  updated: number;
  product: { standard: string; method: string; reviewed: string; pages: string[]; checks: string[]; known: { what: string; why: string }[] };
}

/** The path of the host's statement: the organisation's on its own host, the product's on the portal. */
function statementPath(hostContainer: ReturnType<typeof usePublicSite>['hostContainer']): string | null {
  if (hostContainer === 'loading') return null;
  return hostContainer ? `/api/public/containers/${encodeURIComponent(hostContainer.name)}/accessibility` : '/api/public/accessibility';
}

/** /tillganglighet: the accessibility statement after DIGG's model (issue 28 item 7). */
export function AccessibilityPage() {
  const { hostContainer } = usePublicSite();
  const path = statementPath(hostContainer);
  const got = usePublicGet<Statement>(path);
  useDocumentMeta(t.title, t.title, '/tillganglighet');
  if (path === null || got.status === 'loading') return <Loading />;
  if (got.status === 'notFound') return <NotFoundPage />;
  if (got.status === 'error') return <LoadError onRetry={got.reload} />;
  const st = got.data;
  const paragraphs = (text: string) => text.split(/\n{2,}/).map((p, i) => <p key={i}>{p}</p>);
  return (
    <article className="pub-page pub-a11y">
      <h1>{t.title}</h1>
      <p>{st.organisation ? fill(t.intro, { organisation: st.organisation }) : t.introPortal}</p>
      <p>{t.service}</p>
      <h2>{t.complianceHeading}</h2>
      <p>{t.compliance[st.compliance]}</p>
      <h2>{t.notAccessibleHeading}</h2>
      {st.organisation && (
        <>
          <h3>{t.organisationPart}</h3>
          {st.nonAccessible ? paragraphs(st.nonAccessible) : <p>{t.nothingKnown}</p>}
        </>
      )}
      <h3>{t.productPart}</h3>
      <ul>
        {st.product.known.map((k) => (
          <li key={k.what}>
            {k.what} {k.why}
          </li>
        ))}
      </ul>
      {st.name && <ReportForm name={st.name} canReport={st.canReport} />}
      <h2>{t.supervisionHeading}</h2>
      <p>{t.supervision}</p>
      <p>
        <a className="pub-a11y-digg" href="https://www.digg.se/tdosanmalan">
          {t.supervisionLink}
        </a>
      </p>
      <h2>{t.assessmentHeading}</h2>
      <p>{st.product.method}</p>
      <p>{fill(t.productChecks, { standard: st.product.standard })}</p>
      <ul>
        {st.product.pages.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <p>{t.checksList}</p>
      <ul>
        {st.product.checks.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <p>{fill(t.productReviewed, { date: st.product.reviewed })}</p>
      {st.assessment && paragraphs(st.assessment)}
      {st.assessedOn && <p>{fill(t.organisationAssessed, { date: st.assessedOn })}</p>}
      <p>{fill(t.updated, { date: formatIsoDate(stockholmDate(st.updated)) })}</p>
    </article>
  );
}

/** The report form: plain text to the organisation's address (kept, mailed as text only). */
function ReportForm({ name, canReport }: { name: string; canReport: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'done' | 'error'; message: string }>({ kind: 'idle' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setState({ kind: 'sending' });
    const page = typeof document === 'undefined' ? '' : document.referrer.slice(0, 500);
    publicPost<{ message: string }>(`/api/public/containers/${encodeURIComponent(name)}/accessibility/report`, { data: { text, ...(email ? { email } : {}), ...(page ? { page } : {}) } }).then(
      (r) => setState({ kind: 'done', message: r.message }),
      (err: unknown) => setState({ kind: 'error', message: err instanceof ApiError ? err.message : sv.public.networkError }),
    );
  };
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.reportHeading}</h2>
      {!canReport ? (
        <p>{t.reportNoAddress}</p>
      ) : state.kind === 'done' ? (
        <p role="status">{state.message}</p>
      ) : (
        <form onSubmit={submit} className="pub-a11y-report" noValidate>
          <p>{t.reportIntro}</p>
          <label htmlFor={`${id}-text`}>{t.reportText}</label>
          <p id={`${id}-help`} className="pub-help">
            {t.reportTextHelp}
          </p>
          <textarea id={`${id}-text`} aria-describedby={`${id}-help`} required maxLength={5000} rows={5} value={text} onChange={(e) => setText(e.target.value)} />
          <label htmlFor={`${id}-email`}>{t.reportEmail}</label>
          <input id={`${id}-email`} type="email" autoComplete="email" maxLength={320} value={email} onChange={(e) => setEmail(e.target.value)} />
          {state.kind === 'error' && (
            <p role="alert" className="pub-error">
              {state.message}
            </p>
          )}
          <button type="submit" className="pub-button" disabled={state.kind === 'sending'}>
            {state.kind === 'sending' ? t.reportSending : t.reportSend}
          </button>
        </form>
      )}
    </section>
  );
}
