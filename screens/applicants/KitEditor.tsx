import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { fill } from '../../engine/fill';
import { useSession } from '../runner/session/session';
import { useToast } from '../shared/toast';
import { useBusy } from '../shared/useBusy';
import { call } from './call';
import './detail/scorecards.css';
import { BusyButton } from '../shared/BusyButton';

const t = sv.scorecards.kits;
const c = sv.scorecards.criteria;
type Kit = ActionAnswer['get_positionInterviewKits']['kits'][number];

/** One edited line: the server's id for a kept criterion, a stable React key, the text. */
interface Line {
  id?: string;
  key: string;
  text: string;
}

let nextKey = 0;
const lineOf = (text: string, id?: string): Line => ({ ...(id ? { id } : {}), key: `k${nextKey++}`, text });

/**
 * 'Intervjuguider' on the position page (writers, issue 30 item 2): per process level, the
 * questions to ask at an interview and the criteria its scorecards rate (none: the position's
 * criteria, 'Bedömningskriterier' above). Loaded when opened.
 */
export function KitEditor({ positionId, levels }: { positionId: number; levels: { id: number; name: string }[] }) {
  const id = useId();
  const toast = useToast();
  const { handleError } = useSession();
  const [open, setOpen] = useState(false);
  const [kits, setKits] = useState<Kit[] | null>(null);
  const [level, setLevel] = useState<number | null>(levels[0]?.id ?? null);
  const [questions, setQuestions] = useState<Line[]>([]);
  const [criteria, setCriteria] = useState<Line[]>([]);
  const { busy, run } = useBusy();
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!open || kits) return;
    call('get_positionInterviewKits', { positionId })
      .then((r) => {
        setKits(r.kits);
        // Opened on the first level that has a kit, else the first level.
        const first = levels.find((l) => r.kits.some((k) => k.processLabelId === l.id));
        if (first) setLevel(first.id);
      })
      .catch((err: unknown) => setProblem(handleError(err)));
  }, [open, kits, positionId, levels, handleError]);

  // The chosen level's kit into the form, whenever the level or the saved kits change.
  useEffect(() => {
    const kit = kits?.find((k) => k.processLabelId === level);
    setQuestions((kit?.questions ?? []).map((q) => lineOf(q)));
    setCriteria((kit?.criteria ?? []).map((x) => lineOf(x.name, x.id)));
  }, [kits, level]);

  async function save(qs: Line[], cs: Line[]) {
    if (level === null) return;
    setProblem('');
    try {
      const r = await run(() =>
        call('update_positionInterviewKit', {
          positionId,
          processLabelId: level,
          questions: qs.map((q) => q.text.trim()).filter(Boolean),
          criteria: cs.filter((x) => x.text.trim()).map((x) => ({ ...(x.id ? { id: x.id } : {}), name: x.text })),
        }),
      );
      setKits(r.kits);
      toast.show(t.saved, 'success');
    } catch (err) {
      setProblem(handleError(err));
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(questions, criteria);
  };
  const hasKit = !!kits?.some((k) => k.processLabelId === level);

  return (
    <details className="sc-criteria" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t.open}</summary>
      <p>{t.intro}</p>
      {levels.length === 0 && <p>{t.noLevels}</p>}
      {!kits && open && !problem && <p role="status">{t.loading}</p>}
      {kits && level !== null && (
        <form onSubmit={submit}>
          <p className="sc-kit-level">
            <label htmlFor={`${id}-level`}>{t.level}</label>
            <select id={`${id}-level`} value={level} onChange={(e) => setLevel(Number(e.currentTarget.value))}>
              {levels.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
            </select>
          </p>
          <Lines legend={t.questions} label={t.question} add={t.addQuestion} max={30} maxLength={500} long lines={questions} onChange={setQuestions} />
          <Lines legend={t.criteria} label={c.name} add={c.add} max={20} maxLength={80} lines={criteria} onChange={setCriteria} />
          {problem && <p role="alert" className="adm-error">{problem}</p>}
          <div className="adm-actions">
            <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>{t.save}</BusyButton>
            {hasKit && <BusyButton type="button" className="adm-button" busy={busy} onClick={() => void save([], [])}>{t.clear}</BusyButton>}
          </div>
        </form>
      )}
      {!kits && problem && <p role="alert" className="adm-error">{problem}</p>}
    </details>
  );
}

/**
 * A numbered list of text inputs with 'Ta bort' per line (named by its number when `long`: a
 * question) and one 'Lägg till'. Focus follows the keyboard: into the line just added, and back
 * to 'Lägg till' when a line is removed (its button is gone).
 */
function Lines(props: { legend: string; label: string; add: string; max: number; maxLength: number; long?: boolean; lines: Line[]; onChange(next: Line[]): void }) {
  const { legend, label, add, max, maxLength, long = false, lines, onChange } = props;
  const id = useId();
  const [focus, setFocus] = useState<'last' | 'add' | null>(null);
  const lastInput = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus === 'last') lastInput.current?.focus();
    if (focus === 'add') addButton.current?.focus();
    setFocus(null);
  }, [focus]);
  return (
    <fieldset className="apl-fieldset">
      <legend>{legend}</legend>
      <ol className="sc-criteria-list">
        {lines.map((l, i) => {
          const name = fill(label, { n: String(i + 1) });
          return (
            <li key={l.key}>
              <label htmlFor={`${id}-${l.key}`}>{name}</label>
              <input ref={i === lines.length - 1 ? lastInput : undefined} id={`${id}-${l.key}`} className={long ? 'sc-kit-long' : undefined} value={l.text} maxLength={maxLength} onChange={(e) => {
                  const text = e.currentTarget.value;
                  onChange(lines.map((x) => (x.key === l.key ? { ...x, text } : x)));
                }} />
              <button type="button" className="adm-button adm-button-small" onClick={() => {
                  onChange(lines.filter((x) => x.key !== l.key));
                  setFocus('add');
                }}>
                {fill(c.remove, { name: long ? name : l.text || name })}
              </button>
            </li>
          );
        })}
      </ol>
      <button ref={addButton} type="button" className="adm-button" disabled={lines.length >= max} onClick={() => {
          onChange([...lines, lineOf('')]);
          setFocus('last');
        }}>{add}</button>
    </fieldset>
  );
}
