import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { UiSchema } from '@rjsf/utils';
import sv from '../../schemas/messages/sv.json';
import type { BindingContext } from './bindings';
import { FormFrame, topDefaults, useFormPart, type FieldErrorTree, type FormPart, type FormPartState } from './formPart';
import { lightErrors, lightFields, type LightField } from './lightForm';
import type { ScreenFile } from './types';
import type { Data } from './useScreenData';
import './runner.css';

type Errors = Record<string, string[]>;

/** The server's refusals at the top-level fields (formPart's error tree). */
const fromTree = (tree: FieldErrorTree): Errors =>
  Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' && Array.isArray((v as { __errors?: unknown }).__errors) ? [[k, (v as { __errors: string[] }).__errors]] : [])));

const optionOf = (ui: UiSchema, name: string, key: string): unknown => (ui[name] as Record<string, unknown> | undefined)?.[key];

/** One field as RJSF draws it (the same ids, names, label, autocomplete, error and help), with native inputs. */
function Field({ field, id, value, errors, ui, onChange }: { field: LightField; id: string; value: unknown; errors: string[] | undefined; ui: UiSchema; onChange(value: unknown): void }) {
  const widget = optionOf(ui, field.name, 'ui:widget');
  if (widget === 'hidden') return <input type="hidden" id={id} name={id} value={value === undefined ? '' : String(value)} />;
  const help = optionOf(ui, field.name, 'ui:help');
  const describedBy = [help ? `${id}__help` : '', errors?.length ? `${id}__error` : ''].filter(Boolean).join(' ') || undefined;
  const aria = { 'aria-invalid': errors?.length ? true : undefined, 'aria-describedby': describedBy };
  const title = field.title ?? field.name;
  const empty = optionOf(ui, field.name, 'ui:emptyValue');
  const autoComplete = optionOf(ui, field.name, 'ui:autocomplete');
  const placeholder = optionOf(ui, field.name, 'ui:placeholder');
  return (
    <div className={`form-group field field-${field.type}${errors?.length ? ' field-error has-error has-danger' : ''}`}>
      {field.type === 'boolean' ? (
        <div className="checkbox">
          <label>
            <input type="checkbox" id={id} name={id} checked={value === true} onChange={(e) => onChange(e.target.checked)} {...aria} />
            <span>{title}</span>
          </label>
        </div>
      ) : (
        <>
          <label htmlFor={id} className="control-label">
            {title}
            {field.required && <span className="required">*</span>}
          </label>
          <input
            id={id}
            name={id}
            className="form-control"
            type={widget === 'secret' ? 'password' : String(optionOf(ui, field.name, 'ui:inputType') ?? 'text')}
            autoComplete={typeof autoComplete === 'string' ? autoComplete : widget === 'secret' ? 'off' : undefined}
            placeholder={typeof placeholder === 'string' ? placeholder : undefined}
            required={field.required || undefined}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value === '' ? empty : e.target.value)}
            {...aria}
          />
        </>
      )}
      {errors?.length ? (
        <div id={`${id}__error`}>
          <ul className="error-detail">
            {errors.map((m, i) => (
              <li key={i} className="text-danger">
                {m}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {typeof help === 'string' && (
        <div id={`${id}__help`}>
          <p className="help-block">{help}</p>
        </div>
      )}
    </div>
  );
}

/**
 * The fields of a light form (lightForm.ts says which forms are light): checked on submit with
 * the RJSF path's words, the first refused field focused, a field's error dropped as it is
 * typed in, the server's refusals at their fields; the button disabled (saying `busy`) while
 * the save is under way.
 */
function LightFields({ part, s }: { part: FormPart; s: FormPartState }) {
  const ui = useMemo(() => (part.uiSchema ?? {}) as UiSchema, [part.uiSchema]);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (s.extraErrors) setErrors(fromTree(s.extraErrors));
  }, [s.extraErrors]);
  const data = s.formData ?? {};
  const fields = lightFields(part.schema, data);
  // What the inputs hold (a loaded value of another type is none), and, as RJSF's form data, a field left undefined holds its default.
  const held = (f: LightField) => (typeof data[f.name] === f.type ? data[f.name] : f.default);
  const full: Data = { ...data, ...Object.fromEntries(fields.flatMap((f) => (held(f) === undefined ? [] : [[f.name, held(f)]]))) };
  for (const f of fields) if (held(f) === undefined) delete full[f.name];
  const idOf = (name: string) => `${s.idPrefix}_${name}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const refused = lightErrors(part.schema, ui, full);
    if (refused.length > 0) {
      const next: Errors = {};
      for (const r of refused) (next[r.field] ??= []).push(r.message);
      setErrors(next);
      s.root.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf(refused[0]!.field))}`)?.focus();
      return;
    }
    setErrors({});
    void s.submit(full);
  };
  const options = (ui['ui:submitButtonOptions'] ?? {}) as { submitText?: string };
  return (
    <form className="scr-light-form" noValidate onSubmit={submit}>
      {fields.map((f) => (
        <Field
          key={f.name}
          field={f}
          id={idOf(f.name)}
          value={full[f.name]}
          errors={errors[f.name]}
          ui={ui}
          onChange={(value) => {
            s.setFormData({ ...data, [f.name]: value });
            setErrors(({ [f.name]: _dropped, ...rest }) => rest);
          }}
        />
      ))}
      <div>
        <button type="submit" className="btn btn-info" disabled={s.busy} aria-busy={s.busy || undefined}>
          {s.busy && part.busy ? part.busy : (options.submitText ?? sv.screens.save)}
        </button>
      </div>
    </form>
  );
}

/** A form of the session pages drawn without RJSF (no widget registry, no ajv); what it does besides drawing is formPart.tsx's, as FormScreen's. */
export function LightFormView({ part, screen, level = 1, onSaved, onSubmit }: { part: FormPart; screen: ScreenFile; level?: 1 | 2; onSaved?: (done: BindingContext) => void; onSubmit?: () => void }) {
  const defaults = useMemo(() => topDefaults(part.schema as { properties?: Record<string, unknown> }), [part.schema]);
  const s = useFormPart(part, defaults, level, { onSaved, onSubmit });
  return (
    <FormFrame part={part} screen={screen} level={level} state={s} noted={false}>
      <LightFields part={part} s={s} />
    </FormFrame>
  );
}
