import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import type { UiSchema } from '@rjsf/utils';
import sv from '../../schemas/messages/sv.json';
import type { BindingContext } from './bindings';
import { FormFrame, focusField, readonlyNames, topDefaults, useFormPart, type FieldErrorTree, type FormPart, type FormPartState } from './formPart';
import { canHold, lightErrors, lightFields, type LightField } from './lightForm';
import type { RightId } from '../shared/rights';
import { Loading } from './states';
import type { ScreenFile } from './types';
import type { Data } from './useScreenData';
import './runner.css';
import { BusyButton } from '../shared/BusyButton';

type Errors = Record<string, string[]>;

/** The rights widget's control (the one the RJSF path draws), loaded with the first form that has one: the session pages never do. */
const RightsPicker = lazy(() => import('../shared/RightsPicker').then((m) => ({ default: m.RightsPicker })));
/** The 'position' widget's control (widgets.tsx draws the same on the RJSF path), loaded with the first form that has one. */
const PositionChoice = lazy(() => import('./verbs/PositionChoice').then((m) => ({ default: m.PositionChoice })));

/** The server's refusals at the top-level fields (formPart's error tree). */
const fromTree = (tree: FieldErrorTree): Errors =>
  Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' && Array.isArray((v as { __errors?: unknown }).__errors) ? [[k, (v as { __errors: string[] }).__errors]] : [])));

const optionOf = (ui: UiSchema, name: string, key: string): unknown => (ui[name] as Record<string, unknown> | undefined)?.[key];
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
/** A choice's selected option: its place among the constants, or the empty option. */
const choiceAt = (f: LightField, value: unknown) => {
  const i = f.oneOf!.findIndex((o) => o.const === value);
  return i < 0 ? '' : String(i);
};
/** The input type of a text field's widget, as RJSF's ('secret' is this runner's password widget). */
const INPUT_TYPES: Record<string, string> = { secret: 'password', password: 'password', email: 'email' };

/** 'allOrSome' (AllOrSomeField.tsx): every option ticked while the field has no value, so options added later are included; all ticked is none. */
function AllOrSome({ id, title, options, value, disabled, onChange }: { id: string; title: string; options: { const: string; title: string }[]; value: unknown; disabled: boolean | undefined; onChange(value: unknown): void }) {
  const all = options.map((o) => o.const);
  const chosen = new Set(Array.isArray(value) ? (value as string[]) : all);
  const toggle = (v: string, on: boolean) => {
    const next = all.filter((x) => (x === v ? on : chosen.has(x)));
    onChange(next.length === all.length ? undefined : next);
  };
  return (
    <fieldset className="adm-fieldset scr-section" id={id}>
      <legend>{title}</legend>
      {options.map((o, i) => (
        <div className="checkbox" key={o.const}>
          <input id={`${id}-${i}`} type="checkbox" checked={chosen.has(o.const)} disabled={disabled} onChange={(e) => toggle(o.const, e.target.checked)} />
          <label htmlFor={`${id}-${i}`}>{o.title}</label>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * One field as RJSF draws it (the same ids, names, label, description, autocomplete, error and
 * help), with native inputs; `locked` (readonlyFrom) read-only as RJSF's: a text read-only, any
 * other control disabled, not drawn when it holds nothing (its value, if any, is still sent).
 */
function Field({ field, id, value, errors, ui, locked, onChange }: { field: LightField; id: string; value: unknown; errors: string[] | undefined; ui: UiSchema; locked?: 'readonly' | 'hidden'; onChange(value: unknown): void }) {
  const option = (key: string) => optionOf(ui, field.name, key);
  const widget = text(option('ui:widget'));
  if (locked === 'hidden') return null;
  const disabled = locked === 'readonly' || undefined;
  if (widget === 'hidden') return <input type="hidden" id={id} name={id} value={value === undefined ? '' : String(value)} />;
  const help = text(option('ui:help'));
  const description = field.description;
  // What the field is, then how to fill it in, then what is wrong with it.
  const describedBy = [description && `${id}__description`, help && `${id}__help`, errors?.length && `${id}__error`].filter(Boolean).join(' ') || undefined;
  const aria = { 'aria-invalid': errors?.length ? true : undefined, 'aria-describedby': describedBy };
  const title = field.title ?? field.name;
  const empty = option('ui:emptyValue');
  const options = (option('ui:options') ?? {}) as { rows?: number; inputType?: string; among?: string };
  const control = { id, name: id, className: 'form-control', required: field.required || undefined, ...aria };
  // Read-only when locked (readonlyFrom), or always (`readOnly` in the schema, `ui:readonly`).
  const readOnly = { readOnly: disabled ?? (field.readOnly === true || option('ui:readonly') === true || undefined) };
  const placeholder = text(option('ui:placeholder'));
  const input = {
    ...control,
    ...readOnly,
    placeholder,
    value: text(value) ?? '',
    onChange: (e: { target: { value: string } }) => onChange(e.target.value === '' ? empty : e.target.value),
  };
  return (
    <div className={`form-group field field-${field.type}${errors?.length ? ' field-error has-error has-danger' : ''}`}>
      {option('ui:field') === 'allOrSome' ? (
        // As AllOrSomeField.tsx (the RJSF path's): a fieldset of check boxes where no value is every option and all ticked sends none.
        <AllOrSome id={id} title={title} options={field.items!.oneOf!} value={value} disabled={disabled} onChange={onChange} />
      ) : field.items?.enum ? (
        // As the RJSF path's 'rights' widget: the control's own legend and hints, no label of the field's.
        <Suspense fallback={<Loading />}>
          <RightsPicker idPrefix={id} value={Array.isArray(value) ? (value as RightId[]) : []} onChange={onChange} />
        </Suspense>
      ) : field.type === 'boolean' ? (
        // RJSF's checkbox: the field's description above it, inside its box.
        <div className="checkbox">
          {description && (
            <div id={`${id}__description`} className="field-description">
              {description}
            </div>
          )}
          <label>
            <input type="checkbox" id={id} name={id} checked={value === true} disabled={disabled} onChange={(e) => onChange(e.target.checked)} {...aria} />
            <span>{title}</span>
          </label>
        </div>
      ) : (
        <>
          <label htmlFor={id} id={`${id}__label`} className="control-label">
            {title}
            {field.required && <span className="required">*</span>}
          </label>
          {description && (
            <div id={`${id}__description`} className="field-description">
              {description}
            </div>
          )}
          {field.oneOf && widget === 'radio' ? (
            // RJSF's radio buttons (a button per constant, its place as its value); the group named by the label.
            <div className="field-radio-group" id={id} role="radiogroup" aria-labelledby={`${id}__label`}>
              {field.oneOf.map((o, i) => (
                <div key={String(o.const)} className="radio ">
                  <label>
                    <span>
                      <input type="radio" id={`${id}-${i}`} name={id} value={String(i)} checked={value === o.const} required={field.required || undefined} disabled={disabled} onChange={() => onChange(o.const)} {...aria} />
                      <span>{o.title}</span>
                    </span>
                  </label>
                </div>
              ))}
            </div>
          ) : field.items?.oneOf ? (
            // RJSF's 'checkboxes' widget: a box per constant; the picked ones in the constants' order.
            <div className="checkboxes" id={id} role="group" aria-labelledby={`${id}__label`}>
              {field.items.oneOf.map((o, i) => {
                const picked = Array.isArray(value) ? (value as unknown[]) : [];
                const toggle = (on: boolean) => onChange(field.items!.oneOf!.map((c) => c.const).filter((c) => (c === o.const ? on : picked.includes(c))));
                return (
                  <div key={o.const} className="checkbox ">
                    <label>
                      <span>
                        <input type="checkbox" id={`${id}-${i}`} name={id} value={String(i)} checked={picked.includes(o.const)} disabled={disabled} onChange={(e) => toggle(e.target.checked)} {...aria} />
                        <span>{o.title}</span>
                      </span>
                    </label>
                  </div>
                );
              })}
            </div>
          ) : field.oneOf ? (
            // RJSF's select: the options' values are their places, an empty first option while the field has no default.
            <select {...control} disabled={disabled} value={choiceAt(field, value)} onChange={(e) => onChange(e.target.value === '' ? empty : field.oneOf![Number(e.target.value)]!.const)}>
              {field.default === undefined && <option value="">{placeholder}</option>}
              {field.oneOf.map((o, i) => (
                <option key={String(o.const)} value={String(i)}>
                  {o.title}
                </option>
              ))}
            </select>
          ) : widget === 'textarea' ? (
            <textarea {...input} rows={options.rows} />
          ) : widget === 'lines' ? (
            // The 'lines' widget (widgets.tsx): one text per line, trimmed, empty lines dropped; left to the
            // browser while typed (a new line is empty until written in), so its cursor stays where it is.
            <textarea
              {...control}
              disabled={disabled}
              rows={Math.max(3, (Array.isArray(value) ? value.length : 0) + 1)}
              defaultValue={Array.isArray(value) ? value.join('\n') : ''}
              onChange={(e) => onChange(e.target.value.split('\n').map((l) => l.trim()).filter((l) => l !== ''))}
            />
          ) : widget === 'position' ? (
            <Suspense fallback={<Loading />}>
              <PositionChoice {...control} disabled={disabled} among={options.among === 'all' ? 'all' : 'open'} onPage value={value} onChange={(picked) => onChange(picked === '' ? empty : picked)} />
            </Suspense>
          ) : field.type === 'integer' ? (
            // RJSF's number input: its range as min and max, a step of 1 unless drawn 'updown'; a number, or nothing when empty.
            <input
              {...control}
              {...readOnly}
              placeholder={placeholder}
              type="number"
              min={field.minimum}
              max={field.maximum}
              step={widget === 'updown' ? undefined : 1}
              value={typeof value === 'number' ? String(value) : ''}
              onChange={(e) => onChange(e.target.value === '' ? empty : Number(e.target.value))}
            />
          ) : (
            <input {...input} type={INPUT_TYPES[widget ?? ''] ?? String(option('ui:inputType') ?? options.inputType ?? 'text')} autoComplete={text(option('ui:autocomplete')) ?? (widget === 'secret' ? 'off' : undefined)} />
          )}
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
      {help && (
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
 * the save is under way: `aria-disabled`, so the focus stays on it (a disabled button drops it to the page).
 */
function LightFields({ part, s, locked }: { part: FormPart; s: FormPartState; locked: string[] }) {
  const ui = useMemo(() => (part.uiSchema ?? {}) as UiSchema, [part.uiSchema]);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (s.extraErrors) setErrors(fromTree(s.extraErrors));
  }, [s.extraErrors]);
  const data = s.formData ?? {};
  const fields = lightFields(part.schema, data);
  // What the inputs hold (a loaded value of another type is none), and, as RJSF's form data, a field left undefined holds its default.
  const held = (f: LightField) => (canHold(f, data[f.name]) ? data[f.name] : f.default);
  const full: Data = { ...data, ...Object.fromEntries(fields.flatMap((f) => (held(f) === undefined ? [] : [[f.name, held(f)]]))) };
  for (const f of fields) if (held(f) === undefined) delete full[f.name];
  const idOf = (name: string) => `${s.idPrefix}_${name}`;
  const lockOf = (name: string) => (!locked.includes(name) ? undefined : s.data?.[name] === undefined || s.data[name] === '' ? 'hidden' : 'readonly');
  const all = Object.keys((part.schema as { properties?: object } | undefined)?.properties ?? {});
  const saves = !(all.length > 0 && all.every((f) => locked.includes(f)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (s.busy) return;
    const refused = lightErrors(part.schema, ui, full);
    if (refused.length > 0) {
      const next: Errors = {};
      for (const r of refused) (next[r.field] ??= []).push(r.message);
      setErrors(next);
      focusField(s.root.current, idOf(refused[0]!.field));
      return;
    }
    setErrors({});
    void s.submit(full);
  };
  const options = (ui['ui:submitButtonOptions'] ?? {}) as { submitText?: string };
  const draw = (f: LightField) => (
    <Field
      key={f.name}
      field={f}
      id={idOf(f.name)}
      value={full[f.name]}
      errors={errors[f.name]}
      ui={ui}
      locked={lockOf(f.name)}
      onChange={(value) => {
        s.setFormData({ ...data, [f.name]: value });
        setErrors(({ [f.name]: _dropped, ...rest }) => rest);
      }}
    />
  );
  // As the RJSF path's templates (formTemplates.tsx): the form's description, then a fieldset per section, then the fields no section names.
  const byName = new Map(fields.map((f) => [f.name, f]));
  const placed = new Set((part.sections ?? []).flatMap((sec) => sec.fields.filter((f): f is string => typeof f === 'string')));
  const description = ui['ui:description'];
  return (
    <form className="scr-light-form" noValidate onSubmit={submit}>
      {typeof description === 'string' && <p className="adm-hint">{description}</p>}
      {(part.sections ?? []).map((sec, i) => (
        <fieldset key={sec.title ?? i} className="adm-fieldset scr-section">
          {sec.title && <legend>{sec.title}</legend>}
          {sec.description && <p className="adm-hint">{sec.description}</p>}
          {sec.fields.map((name) => (typeof name === 'string' && byName.has(name) ? draw(byName.get(name)!) : null))}
        </fieldset>
      ))}
      {fields.filter((f) => !placed.has(f.name)).map(draw)}
      {saves && (
        <div>
          <BusyButton type="submit" className="btn btn-info" busy={s.busy}>
            {s.busy && part.busy ? part.busy : (options.submitText ?? sv.screens.save)}
          </BusyButton>
        </div>
      )}
    </form>
  );
}

/** A form of plain fields (lightChooser.ts) drawn without RJSF (no widget registry, no ajv); what it does besides drawing is formPart.tsx's, as FormScreen's. */
export function LightFormView({ part, screen, level = 1, onSaved, onSubmit }: { part: FormPart; screen: ScreenFile; level?: 1 | 2; onSaved?: (done: BindingContext) => void; onSubmit?: () => void }) {
  const defaults = useMemo(() => topDefaults(part.schema as { properties?: Record<string, unknown> }), [part.schema]);
  const s = useFormPart(part, defaults, level, { onSaved, onSubmit });
  // The fields the loaded data locks (readonlyFrom): read-only, or not drawn when they hold nothing; no save button when all are.
  const locked = readonlyNames(part.readonlyFrom, s.data);
  return (
    <FormFrame part={part} screen={screen} level={level} state={s} noted={locked.length > 0}>
      <LightFields part={part} s={s} locked={locked} />
    </FormFrame>
  );
}
