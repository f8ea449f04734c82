import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { isValidEmail } from '../../../engine/email';
import { fill } from '../../../engine/fill';
import sv from '../../../schemas/messages/sv.json';
import type { ScreenAction } from '../types';
import { fieldErrors, messageOf } from '../serverErrors';
import { DialogFooter, DialogFrame, useAsk } from '../../shared/DialogFrame';
import { PositionChoice } from './PositionChoice';

const t = sv.screenVerbs;

type DialogSpec = NonNullable<ScreenAction['dialog']>;
type Values = Record<string, unknown>;
type Answered = { values: Values; answer: unknown };
interface FieldSchema {
  type?: string;
  title?: string;
  description?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  oneOf?: { const: string | number; title: string }[];
}

const fieldsOf = (spec: DialogSpec) => Object.entries((spec.schema.properties ?? {}) as Record<string, FieldSchema>);
const requiredOf = (spec: DialogSpec) => new Set((spec.schema.required ?? []) as string[]);

/** The defaults of a dialog's fields (a select starts at its first choice). */
function initial(spec: DialogSpec): Values {
  return Object.fromEntries(fieldsOf(spec).map(([k, f]) => [k, f.default ?? f.oneOf?.[0]?.const ?? (f.type === 'boolean' ? false : '')]));
}

/** The browser's own check of one value, in Swedish; the server checks again. */
function problemOf(f: FieldSchema, v: unknown, required: boolean): string | undefined {
  const text = typeof v === 'string' ? v.trim() : v;
  if (required && (text === '' || text === undefined)) return t.required;
  if (typeof text !== 'string' || text === '') return undefined;
  if (f.format === 'email' && !isValidEmail(text)) return t.emailInvalid;
  if (f.minLength !== undefined && text.length < f.minLength) return fill(t.tooShort, { n: f.minLength });
  return undefined;
}

/**
 * A form in a dialog (Refine's useModalForm): a small flat form from the action's `dialog`
 * schema (text, email, select from `oneOf` or of the open positions, checkbox), focus on its first field, Escape
 * cancels. `ask` resolves when `send(values)` succeeds (with its answer) or on cancel
 * (`undefined`); a refusal stays in the dialog, at its field when the server names one.
 */
export function useDialogForm(): {
  ask(spec: DialogSpec, send: (values: Values) => Promise<unknown>): Promise<Answered | undefined>;
  dialog: ReactNode;
} {
  const { options: open, ask: askFor, settle: close } = useAsk<{ spec: DialogSpec; send: (values: Values) => Promise<unknown> }, Answered | undefined>(undefined);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  const ask = useCallback(
    (spec: DialogSpec, send: (values: Values) => Promise<unknown>) => {
      setValues(initial(spec));
      setErrors({});
      setBusy(false);
      return askFor({ spec, send });
    },
    [askFor],
  );

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!open || busy) return;
    const form = e.currentTarget;
    const req = requiredOf(open.spec);
    const found = Object.fromEntries(
      fieldsOf(open.spec)
        .map(([k, f]) => [k, problemOf(f, values[k], req.has(k))] as const)
        .filter((x): x is readonly [string, string] => x[1] !== undefined),
    );
    setErrors(found);
    const focusFirst = (keys: string[]) => form.querySelector<HTMLElement>(`[name="${keys[0] ?? ''}"]`)?.focus();
    if (Object.keys(found).length) return focusFirst(Object.keys(found));
    const sent = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
    setBusy(true);
    try {
      const answer = await open.send(sent);
      close({ values: sent, answer });
    } catch (err) {
      const byPath = fieldErrors(err);
      const atFields = Object.fromEntries(
        Object.entries(byPath)
          .map(([p, m]) => [p.replace(/^\//, ''), m] as const)
          .filter(([k]) => k in values),
      );
      setErrors(Object.keys(atFields).length ? atFields : { '': messageOf(err) });
      setBusy(false);
      focusFirst(Object.keys(atFields));
    }
  }

  const set = (k: string, v: unknown) => {
    setValues({ ...values, [k]: v });
    if (errors[k] || errors['']) setErrors(({ [k]: _, '': __, ...rest }) => rest);
  };
  const spec = open?.spec;
  const req = spec ? requiredOf(spec) : new Set<string>();
  const dialog = (
    <DialogFrame isOpen={open !== null} busy={busy} title={spec?.title} onClose={() => close(undefined)}>
      <form onSubmit={(e) => void submit(e)} noValidate className="bk-dialog-body scr-dialog-form">
        {spec &&
          fieldsOf(spec).map(([k, f], i) => {
            const fid = `${id}-${k}`;
            const label = `${f.title ?? k}${req.has(k) ? ' *' : ''}`;
            const common = {
              id: fid,
              name: k,
              autoFocus: i === 0,
              'aria-invalid': errors[k] ? true : undefined,
              'aria-describedby': [f.description && `${fid}-hint`, errors[k] && `${fid}-error`].filter(Boolean).join(' ') || undefined,
            };
            return (
              <div key={k} className="scr-dialog-field">
                {f.type === 'boolean' ? (
                  <label>
                    <input type="checkbox" {...common} checked={values[k] === true} onChange={(e) => set(k, e.target.checked)} /> {label}
                  </label>
                ) : (
                  <label htmlFor={fid}>{label}</label>
                )}
                {f.format === 'position' ? (
                  <PositionChoice {...common} value={values[k]} onChange={(v) => set(k, v)} />
                ) : f.oneOf ? (
                  <select {...common} value={String(values[k])} onChange={(e) => set(k, f.oneOf?.find((o) => String(o.const) === e.target.value)?.const)}>
                    {f.oneOf.map((o) => (
                      <option key={String(o.const)} value={String(o.const)}>
                        {o.title}
                      </option>
                    ))}
                  </select>
                ) : (
                  f.type !== 'boolean' && (
                    <input {...common} type={f.format === 'email' ? 'email' : 'text'} maxLength={f.maxLength} value={String(values[k] ?? '')} onChange={(e) => set(k, e.target.value)} />
                  )
                )}
                {f.description && <small id={`${fid}-hint`}>{f.description}</small>}
                {errors[k] && (
                  <p id={`${fid}-error`} className="adm-error">
                    {errors[k]}
                  </p>
                )}
              </div>
            );
          })}
        {errors[''] && (
          <p role="alert" className="adm-error">
            {errors['']}
          </p>
        )}
        <DialogFooter cancelLabel={t.cancel} onCancel={() => close(undefined)} confirmLabel={spec?.submit ?? t.send} busy={busy} />
      </form>
    </DialogFrame>
  );
  return { ask, dialog };
}
