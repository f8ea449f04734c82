import { useId, useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { ApiError } from '../api';
import { viewCall } from '../runner/viewCall';
import { useBusy } from '../shared/useBusy';
import { BusyButton } from '../shared/BusyButton';

const t = sv.candidate.tasks;
const call = viewCall('CandidatePages');

type Tasks = ActionAnswer['get_myApplicationTasks'];
const EMPTY = { name: '', email: '', relation: '', phone: '' };
type Referee = typeof EMPTY;

/** A refusal's Swedish message for the applicant, else the general one. */
export const problemOf = (err: unknown) => (err instanceof ApiError && !err.isNetwork && err.status < 500 ? err.message : sv.candidate.error);

/**
 * The referees a writer asked for, named by the applicant on Mina sidor (issue 30 item 3):
 * exactly as many as asked, each with name, e-mail and relation (phone optional). The server
 * checks everything again; its Swedish refusal is shown here and nothing is sent.
 */
export function RefereesForm({ applicationId, count, company, onNamed }: { applicationId: number; count: number; company: string; onNamed(t: Tasks): void }) {
  const id = useId();
  const { busy, run } = useBusy();
  const [list, setList] = useState<Referee[]>(() => Array.from({ length: count }, () => ({ ...EMPTY })));
  const [problem, setProblem] = useState('');
  const set = (n: number, k: keyof Referee, v: string) => setList((l) => l.map((r, i) => (i === n ? { ...r, [k]: v } : r)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    const referees = list.map((r) => ({ name: r.name.trim(), email: r.email.trim(), relation: r.relation.trim(), ...(r.phone.trim() ? { phone: r.phone.trim() } : {}) }));
    run(() => call('create_myReferees', { id: applicationId, referees })).then(onNamed, (err: unknown) => setProblem(problemOf(err)));
  };
  const field = (n: number, k: keyof Referee, label: string, type: string, required: boolean) => (
    <>
      <label htmlFor={`${id}-${n}-${k}`}>
        {label}
        {required ? ' *' : ''}
      </label>
      <input id={`${id}-${n}-${k}`} type={type} value={list[n]![k]} required={required} maxLength={k === 'email' ? 254 : k === 'phone' ? 40 : 200} autoComplete="off" onChange={(e) => set(n, k, e.target.value)} />
    </>
  );
  return (
    <section className="cand-task" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t.refereesTitle}</h3>
      <p>{fill(count === 1 ? t.refereesIntroOne : t.refereesIntro, { company, count: String(count) })}</p>
      <form className="cand-referees" onSubmit={submit}>
        {list.map((_, n) => (
          <fieldset key={n}>
            <legend>{fill(t.referee, { n: String(n + 1) })}</legend>
            {field(n, 'name', t.refereeName, 'text', true)}
            {field(n, 'email', t.refereeEmail, 'email', true)}
            {field(n, 'relation', t.refereeRelation, 'text', true)}
            {field(n, 'phone', t.refereePhone, 'tel', false)}
          </fieldset>
        ))}
        {problem && (
          <p role="alert" className="adm-form-error">
            {problem}
          </p>
        )}
        <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
          {busy ? t.sending : t.sendReferees}
        </BusyButton>
      </form>
    </section>
  );
}
