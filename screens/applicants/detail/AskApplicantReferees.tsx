import { useId, useState, type FormEvent } from 'react';
import sv from '../../../schemas/messages/sv.json';
import type { ActionAnswer } from '../../../schemas/generated/actions';
import { fill } from '../../../engine/fill';
import { ApiError } from '../../api';
import { useSession } from '../../runner/session/session';
import { useToast } from '../../shared/toast';
import { useBusy } from '../../shared/useBusy';
import { call } from '../call';
import { BusyButton } from '../../shared/BusyButton';

const t = sv.references.card;

/**
 * 'Be den sökande ange referenter' (issue 30 item 3): a writer asks the applicant to name a
 * number of referees on Mina sidor (create_referenceRequest with askApplicant); each then gets
 * the same mail as when the writer enters them. The ask is logged in the application's log.
 */
export function AskApplicantReferees({ applicantId, onAsked }: { applicantId: number; onAsked(list: ActionAnswer['get_references']): void }) {
  const id = useId();
  const toast = useToast();
  const { handleError } = useSession();
  const { busy, run } = useBusy();
  const [count, setCount] = useState(2);
  const [problem, setProblem] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    void run(() => call('create_referenceRequest', { id: applicantId, askApplicant: count })).then(
      (list) => {
        toast.show(count === 1 ? t.askApplicantSentOne : fill(t.askApplicantSent, { count: String(count) }));
        onAsked(list);
      },
      (err: unknown) => setProblem(err instanceof ApiError && (err.status === 400 || err.status === 409) ? err.body.message : handleError(err)),
    );
  };
  return (
    <form className="adm-form apl-reference-ask" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t.askApplicant}</h3>
      <label htmlFor={`${id}-n`}>{t.askApplicantCount}</label>
      <select id={`${id}-n`} value={count} onChange={(e) => setCount(Number(e.target.value))}>
        {[1, 2, 3, 4, 5].map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {problem && (
        <p className="adm-form-error" role="alert">
          {problem}
        </p>
      )}
      <BusyButton type="submit" className="adm-button" busy={busy}>
        {busy ? t.sending : t.askApplicantSend}
      </BusyButton>
    </form>
  );
}
