import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { useSession } from '../runner/session/session';
import { useToast } from '../shared/toast';
import { useBusy } from '../shared/useBusy';
import { call } from './call';
import './detail/scorecards.css';
import { BusyButton } from '../shared/BusyButton';

const t = sv.scorecards.criteria;
const MAX = 20;

interface Row {
  /** The server's id, absent for a criterion added here. */
  id?: string;
  /** Stable React key for the row while it is edited. */
  key: string;
  name: string;
}

let nextKey = 0;
const rowOf = (c: { id?: string; name: string }): Row => ({ ...(c.id ? { id: c.id } : {}), key: `r${nextKey++}`, name: c.name });

/**
 * 'Bedömningskriterier' on the position page (writers): what the team rates each applicant on.
 * Loaded when opened; until a writer saves they come from the ad's skills and requirements.
 */
export function CriteriaEditor({ positionId }: { positionId: number }) {
  const id = useId();
  const toast = useToast();
  const { handleError } = useSession();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [isDefault, setIsDefault] = useState(true);
  const { busy, run } = useBusy();
  const [problem, setProblem] = useState('');
  const lastInput = useRef<HTMLInputElement>(null);
  const [focusLast, setFocusLast] = useState(false);

  const shown = (r: { criteria: { id?: string; name: string }[]; isDefault: boolean }) => {
    setRows(r.criteria.map(rowOf));
    setIsDefault(r.isDefault);
  };

  useEffect(() => {
    if (!open || rows) return;
    call('get_positionScoreCriteria', { positionId })
      .then(shown)
      .catch((err: unknown) => setProblem(handleError(err)));
  }, [open, rows, positionId, handleError]);

  useEffect(() => {
    if (focusLast) lastInput.current?.focus();
    setFocusLast(false);
  }, [focusLast]);

  async function save(criteria: { id?: string; name: string }[]) {
    setProblem('');
    try {
      shown(await run(() => call('update_positionScoreCriteria', { positionId, criteria })));
      toast.show(t.saved, 'success');
    } catch (err) {
      setProblem(handleError(err));
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (rows) void save(rows.filter((r) => r.name.trim()).map((r) => ({ ...(r.id ? { id: r.id } : {}), name: r.name })));
  }

  return (
    <details className="sc-criteria" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t.open}</summary>
      <p>{t.intro}</p>
      {isDefault && rows && <p className="apl-hint">{t.fromAd}</p>}
      {rows && (
        <form onSubmit={submit}>
          <ol className="sc-criteria-list">
            {rows.map((r, i) => (
              <li key={r.key}>
                <label htmlFor={`${id}-${r.key}`}>{fill(t.name, { n: String(i + 1) })}</label>
                <input
                  id={`${id}-${r.key}`}
                  ref={i === rows.length - 1 ? lastInput : undefined}
                  value={r.name}
                  maxLength={80}
                  onChange={(e) => {
                    const name = e.currentTarget.value;
                    setRows((list) => list && list.map((x) => (x.key === r.key ? { ...x, name } : x)));
                  }}
                />
                <button type="button" className="adm-button adm-button-small" onClick={() => setRows((list) => list && list.filter((x) => x.key !== r.key))}>
                  {fill(t.remove, { name: r.name || fill(t.name, { n: String(i + 1) }) })}
                </button>
              </li>
            ))}
          </ol>
          {problem && <p role="alert" className="adm-error">{problem}</p>}
          <div className="adm-actions">
            <button
              type="button"
              className="adm-button"
              disabled={rows.length >= MAX}
              onClick={() => {
                setRows((list) => [...(list ?? []), rowOf({ name: '' })]);
                setFocusLast(true);
              }}
            >
              {t.add}
            </button>
            <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>{t.save}</BusyButton>
            {!isDefault && (
              <BusyButton type="button" className="adm-button" busy={busy} onClick={() => void save([])}>{t.reset}</BusyButton>
            )}
          </div>
        </form>
      )}
      {!rows && problem && <p role="alert" className="adm-error">{problem}</p>}
    </details>
  );
}
