import { useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { ApiError, dispatch } from '../api';
import { useToast } from '../shared/toast';
import type { Question, Skill, SkillCollection } from './types';
import { BusyButton } from '../shared/BusyButton';

const t = sv.skills;
let counter = 0;
const errorText = (err: unknown) => (err instanceof ApiError && err.status === 400 ? err.message : t.error);

function IconSelect({ id, value, icons, onChange }: { id: string; value: string; icons: string[]; onChange(v: string): void }) {
  return (
    <div className="odin-field">
      <label htmlFor={id}>{t.icon}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {icons.map((i) => (
          <option key={i} value={i}>
            {(t.icons as Record<string, string>)[i] ?? i}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A skill: name, description, icon and questions. Unsaved questions carry 'new_question-<n>' ids and are sent with empty ids. */
export function SkillForm({ containerId, skill, icons, onDone }: { containerId: number; skill?: Skill; icons: string[]; onDone(saved: boolean): void }) {
  const [name, setName] = useState(skill?.name ?? '');
  const [description, setDescription] = useState(skill?.description.replace(/<[^>]*>/g, '') ?? '');
  const [icon, setIcon] = useState(skill?.icon ?? icons[0] ?? 'star');
  const [questions, setQuestions] = useState<Question[]>(skill?.questions ?? []);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!name.trim() || questions.some((q) => !q.question.trim())) return setError(t.required);
    setBusy(true);
    try {
      await dispatch('add_skillCommand', {
        containerId,
        skill: {
          id: skill?.id ?? 0,
          name,
          description,
          icon,
          questions: questions.map((q) => ({ id: q.id.startsWith('new_question-') ? '' : q.id, question: q.question, answer: q.answer })),
        },
      });
      toast.show(t.saved, 'success');
      onDone(true);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const set = (i: number, patch: Partial<Question>) => setQuestions(questions.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  return (
    <form className="odin-form" onSubmit={save} noValidate aria-label={skill ? fill(t.editSkill, { name: skill.name }) : t.newSkill}>
      <h3>{skill ? fill(t.editSkill, { name: skill.name }) : t.newSkill}</h3>
      <div className="odin-field">
        <label htmlFor="skill-name">{t.name}</label>
        <input id="skill-name" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="odin-field">
        <label htmlFor="skill-description">{t.description}</label>
        <textarea id="skill-description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <IconSelect id="skill-icon" value={icon} icons={icons} onChange={setIcon} />
      <fieldset>
        <legend>{t.questions}</legend>
        {questions.map((q, i) => (
          <div key={q.id} className="odin-field">
            <label htmlFor={`q-${q.id}`}>{fill(t.question, { n: i + 1 })}</label>
            <input id={`q-${q.id}`} value={q.question} onChange={(e) => set(i, { question: e.target.value })} />
            <label htmlFor={`a-${q.id}`}>{t.modelAnswer}</label>
            <input id={`a-${q.id}`} value={q.answer} onChange={(e) => set(i, { answer: e.target.value })} />
            <button type="button" className="adm-button adm-button-small" onClick={() => setQuestions(questions.filter((_, j) => j !== i))}>
              {fill(t.removeQuestion, { n: i + 1 })}
            </button>
          </div>
        ))}
        <button type="button" className="adm-button adm-button-small" onClick={() => setQuestions([...questions, { id: `new_question-${++counter}`, question: '', answer: '' }])}>
          {t.addQuestion}
        </button>
      </fieldset>
      {error && (
        <p className="adm-form-error" role="alert">
          {error}
        </p>
      )}
      <p className="adm-actions">
        <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
          {t.save}
        </BusyButton>
        <button type="button" className="adm-button" onClick={() => onDone(false)}>
          {t.cancel}
        </button>
      </p>
    </form>
  );
}

/** A skill collection: name, description, icon and which skills it holds. */
export function CollectionForm({ containerId, collection, skills, icons, onDone }: { containerId: number; collection?: SkillCollection; skills: Skill[]; icons: string[]; onDone(saved: boolean): void }) {
  const [name, setName] = useState(collection?.name ?? '');
  const [description, setDescription] = useState(collection?.description.replace(/<[^>]*>/g, '') ?? '');
  const [icon, setIcon] = useState(collection?.icon ?? icons[0] ?? 'star');
  const [ids, setIds] = useState<number[]>(collection?.skillIds ?? []);
  const [error, setError] = useState('');
  const toast = useToast();

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError(t.required);
    try {
      await dispatch('add_skillTemplate', { containerId, template: { id: collection?.id ?? 0, name, description, icon, skillIds: ids } });
      toast.show(t.collectionSaved, 'success');
      onDone(true);
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <form className="odin-form" onSubmit={save} noValidate aria-label={collection ? fill(t.editSkill, { name: collection.name }) : t.newCollection}>
      <h3>{collection ? fill(t.editSkill, { name: collection.name }) : t.newCollection}</h3>
      <div className="odin-field">
        <label htmlFor="coll-name">{t.name}</label>
        <input id="coll-name" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="odin-field">
        <label htmlFor="coll-description">{t.description}</label>
        <textarea id="coll-description" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <IconSelect id="coll-icon" value={icon} icons={icons} onChange={setIcon} />
      <fieldset>
        <legend>{t.includes}</legend>
        {skills.map((s) => (
          <label key={s.id} className="adm-check">
            <input type="checkbox" checked={ids.includes(s.id)} onChange={(e) => setIds(e.target.checked ? [...ids, s.id] : ids.filter((x) => x !== s.id))} /> {s.name}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="adm-form-error" role="alert">
          {error}
        </p>
      )}
      <p className="adm-actions">
        <button type="submit" className="adm-button adm-button-primary">
          {t.save}
        </button>
        <button type="button" className="adm-button" onClick={() => onDone(false)}>
          {t.cancel}
        </button>
      </p>
    </form>
  );
}
