import { lazy, Suspense, useId, useMemo, useState, type FormEvent } from 'react';
import sv from '../../../schemas/messages/sv.json';
import type { ActionAnswer } from '../../../schemas/generated/actions';
import { fill } from '../../../engine/fill';
import { formatStockholmDate as date } from '../../../engine/dates';
import type { MetadataProperty } from '../../../engine/types';
import { ApiError } from '../../api';
import { loadChunk } from '../../chunks';
import { Loading } from '../../runner/states';
import { useSession } from '../../runner/session/session';
import { useToast } from '../../shared/toast';
import { useLoad } from '../../shared/useLoad';
import { useBusy } from '../../shared/useBusy';
import { call } from '../call';
import { Card } from './Card';
import { AskApplicantReferees } from './AskApplicantReferees';
import { BusyButton } from '../../shared/BusyButton';

const t = sv.references.card;
type Reference = ActionAnswer['get_references'][number];

/**
 * 'Referenser' on the applicant page (issue 30 item 3): each referee asked, the status
 * (Skickad, Besvarad, Utgången) and, once answered, the answers in the engine's view mode;
 * a writer asks a new referee here (a mail with a single-use link to the reference form), or
 * asks the applicant to name referees on Mina sidor.
 */
export function ReferencesCard({ applicantId, canWrite, onAsked }: { applicantId: number; canWrite: boolean; onAsked?(): void }) {
  const { handleError } = useSession();
  const loaded = useLoad(() => call('get_references', { id: applicantId }), String(applicantId));
  const [asked, setAsked] = useState<{ id: number; list: Reference[] } | null>(null);
  const list = asked?.id === applicantId ? asked.list : (loaded.data ?? null);
  const done = (next: Reference[]) => {
    setAsked({ id: applicantId, list: next });
    onAsked?.();
  };
  return (
    <Card title={t.title} className="apl-references">
      {!list ? (
        loaded.error !== undefined ? (
          <p role="alert">{handleError(loaded.error)}</p>
        ) : (
          <p role="status">{sv.app.loading}</p>
        )
      ) : list.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="apl-reference-list">
          {list.map((r) => (
            <li key={r.id}>
              <ReferenceView r={r} />
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <>
          <AskForm applicantId={applicantId} onAsked={done} />
          <AskApplicantReferees applicantId={applicantId} onAsked={done} />
        </>
      )}
    </Card>
  );
}

/** A referee's answers, drawn with the reference form compiled here: its code loads with the first answered reference, not with the page. */
const CompilingForm = lazy(() => loadChunk('CompilingForm', () => import('./CompilingForm')));

function ReferenceView({ r }: { r: Reference }) {
  const form = useMemo(() => ({ metadata: r.metadata as unknown as MetadataProperty[], key: `reference-${r.id}`, version: 1 }), [r.metadata, r.id]);
  const who = [r.referee.relation, r.referee.email, r.referee.phone].filter(Boolean).join(' · ');
  return (
    <article className="apl-reference" aria-label={r.referee.name}>
      <h3>
        {r.referee.name} <span className={`apl-reference-status apl-reference-${r.status}`}>{t.status[r.status]}</span>
      </h3>
      <p className="apl-meta">{who}</p>
      <p className="apl-meta">
        {fill(t.asked, { date: date(r.created), by: r.by })}
        {' · '}
        {r.answered !== undefined ? fill(t.answered, { date: date(r.answered) }) : r.status === 'sent' ? fill(t.expires, { date: date(r.expires) }) : ''}
      </p>
      {r.answers && (
        <Suspense fallback={<Loading />}>
          <CompilingForm form={form} mode="view" answers={r.answers} />
        </Suspense>
      )}
    </article>
  );
}

function AskForm({ applicantId, onAsked }: { applicantId: number; onAsked(list: Reference[]): void }) {
  const id = useId();
  const toast = useToast();
  const { handleError } = useSession();
  const { busy, run } = useBusy();
  const empty = { name: '', email: '', phone: '', relation: '' };
  const [v, setV] = useState(empty);
  const [problem, setProblem] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    const referee = { name: v.name.trim(), email: v.email.trim(), ...(v.phone.trim() ? { phone: v.phone.trim() } : {}), ...(v.relation.trim() ? { relation: v.relation.trim() } : {}) };
    void run(() => call('create_referenceRequest', { id: applicantId, referees: [referee] })).then(
      (list) => {
        toast.show(fill(t.sent, { name: referee.name }));
        setV(empty);
        onAsked(list);
      },
      (err: unknown) => setProblem(err instanceof ApiError && err.status === 400 ? err.body.message : handleError(err)),
    );
  };
  const field = (k: keyof typeof empty, label: string, type = 'text', required = false) => (
    <>
      <label htmlFor={`${id}-${k}`}>
        {label}
        {required ? ' *' : ''}
      </label>
      <input id={`${id}-${k}`} type={type} value={v[k]} required={required} maxLength={k === 'email' ? 254 : 200} onChange={(e) => setV((x) => ({ ...x, [k]: e.target.value }))} />
    </>
  );
  return (
    <form className="adm-form apl-reference-ask" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t.ask}</h3>
      {field('name', t.name, 'text', true)}
      {field('email', t.email, 'email', true)}
      {field('phone', t.phone, 'tel')}
      {field('relation', t.relation)}
      {problem && (
        <p className="adm-form-error" role="alert">
          {problem}
        </p>
      )}
      <BusyButton type="submit" className="adm-button" busy={busy}>
        {busy ? t.sending : t.send}
      </BusyButton>
    </form>
  );
}
