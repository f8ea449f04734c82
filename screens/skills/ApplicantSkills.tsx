import sv from '../../schemas/messages/sv.json';
import { dispatch } from '../api';
import { useLoad } from '../shared/useLoad';
import { Failure, Loading } from '../runner/states';

const t = sv.skills;

/** Staff's view of an applicant's answers to the position's skill questions (for the applicant page). */
export default function ApplicantSkills({ applicantId, containerId }: { applicantId: number; containerId: number }) {
  const data = useLoad(() => dispatch('get_applicantSkillsAnswer', { applicantId, containerId }), `${containerId}:${applicantId}`);
  return (
    <section aria-labelledby={`skills-${applicantId}`}>
      <h2 id={`skills-${applicantId}`}>{t.answerTitle}</h2>
      {data.loading && !data.data && <Loading />}
      {data.error !== undefined && !data.data && <Failure onRetry={data.reload} />}
      {data.data?.skills.length === 0 && <p>{t.noSkills}</p>}
      {data.data?.skills.map((s) => (
        <div key={s.skillId}>
          <h3>{s.name}</h3>
          <dl>
            {s.questions.map((q) => (
              <div key={q.id}>
                <dt>{q.question}</dt>
                <dd>{q.answer || t.noAnswer}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}
