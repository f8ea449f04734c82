import { useEffect, useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { dispatch } from '../api';
import { useLoad } from '../shared/useLoad';
import { useToast } from '../shared/toast';
import { BusyButton } from '../shared/BusyButton';

const t = sv.skills;

/** The candidate answers the skill questions of one of their applications (create_applicantAnswer). */
export function AnswerSkills({ applicantId, containerId, title }: { applicantId: number; containerId: number; title: string }) {
  const data = useLoad(() => dispatch('get_applicantSkillsAnswer', { applicantId, containerId }), `${containerId}:${applicantId}`);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  useEffect(() => {
    if (data.data) setValues(Object.fromEntries(data.data.skills.flatMap((s) => s.questions.map((q) => [`${s.skillId}:${q.id}`, q.answer]))));
  }, [data.data]);
  if (!data.data || data.data.skills.length === 0) return null;
  const skills = data.data.skills;

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await dispatch('create_applicantAnswer', {
        applicantId,
        containerId,
        skills: skills.map((s) => ({ skillId: s.skillId, questions: s.questions.map((q) => ({ id: q.id, answer: values[`${s.skillId}:${q.id}`] ?? '' })) })),
      });
      toast.show(t.answersSaved, 'success');
    } catch {
      toast.show(t.error, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="cand-card" onSubmit={save} aria-label={`${t.answerTitle}: ${title}`}>
      <h3>{`${t.answerTitle}: ${title}`}</h3>
      {skills.map((s) => (
        <fieldset key={s.skillId}>
          <legend>{s.name}</legend>
          {s.questions.map((q) => {
            const id = `ans-${applicantId}-${s.skillId}-${q.id}`;
            return (
              <div key={q.id}>
                <label htmlFor={id}>{q.question}</label>
                <textarea id={id} rows={2} maxLength={2000} value={values[`${s.skillId}:${q.id}`] ?? ''} onChange={(e) => setValues({ ...values, [`${s.skillId}:${q.id}`]: e.target.value })} />
              </div>
            );
          })}
        </fieldset>
      ))}
      <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
        {t.answerSave}
      </BusyButton>
    </form>
  );
}
