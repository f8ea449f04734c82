import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, ObjectFieldTemplateProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { createRjsfValidator } from '../../engine/react/rjsf-validator';
import { translateSwedish } from '../../engine/react/builder/rjsf';
import { dispatchByName } from '../api';
import { useSession } from './session/session';
import { useToast } from '../shared/toast';
import { ActionButtons } from './ActionButtons';
import { dataSchemaOf } from './actionTypes';
import { at, fillData, fillText, type BindingContext } from './bindings';
import { refusalsAtFields, screenFormErrors } from './formErrors';
import { resolveRefs } from './refs';
import { layoutOf } from './Screen';
import { useSessionEffects } from './session/sessionEffects';
import { fieldErrors, messageOf } from './serverErrors';
import { Failure, Loading, NotFound } from './states';
import { useScreenTitle } from './title';
import type { ScreenFile } from './types';
import { useBindingContext } from './useBindingContext';
import { useScreenData, type Data } from './useScreenData';
import { adminWidgets, SELF_LABELLED, type WidgetContext } from './widgets';
import { adminFields } from './AllOrSomeField';
import './runner.css';

const entityFiles = import.meta.glob<unknown>('/schemas/entities/*.json', { eager: true, import: 'default' });
const entities = new Map(Object.entries(entityFiles).map(([p, s]) => [p.replace(/^.*\//, ''), s]));
const validator = createRjsfValidator();
const validatorNames = import.meta.glob<string>('/schemas/validators/*.json', { eager: true, import: 'name' });
/** The engine's validator keywords (`x-validEmail`) a form schema may use. */
const keywords = new Set(Object.values(validatorNames).map((n) => `x-${n}`));

/** What a form needs, from a form screen or a page's form block. */
export type FormPart = Pick<ScreenFile, 'schema' | 'uiSchema' | 'load' | 'save' | 'toast' | 'next' | 'session' | 'sections' | 'notFound' | 'heading' | 'actions' | 'readonlyFrom' | 'readonlyNote'> & {
  id?: string;
  title?: string;
};

type Section = NonNullable<ScreenFile['sections']>[number];

/** The root object's fields in fieldsets, one per section (JSON Forms' Group); fields in no section follow. */
function SectionedFields(props: ObjectFieldTemplateProps) {
  const sections = (props.registry.formContext as { sections?: Section[] } | undefined)?.sections;
  if (!sections || props.fieldPathId.path.length > 0) {
    return <>{props.properties.map((p) => (p.hidden ? null : <div key={p.name}>{p.content}</div>))}</>;
  }
  const byName = new Map(props.properties.map((p) => [p.name, p]));
  const placed = new Set(sections.flatMap((s) => s.fields.filter((f): f is string => typeof f === 'string')));
  const rest = props.properties.filter((p) => !placed.has(p.name) && !p.hidden);
  return (
    <>
      {sections.map((s, i) => (
        <fieldset key={s.title ?? i} className="adm-fieldset scr-section">
          {s.title && <legend>{s.title}</legend>}
          {s.description && <p className="adm-hint">{s.description}</p>}
          {s.fields.map((f) => (typeof f === 'string' ? byName.get(f)?.content : null))}
        </fieldset>
      ))}
      {rest.map((p) => p.content)}
    </>
  );
}

/** The uiSchema with the save button's Swedish text and RJSF's label hidden for widgets that label themselves. */
function uiSchemaOf(ui: UiSchema | undefined): UiSchema {
  const walk = (node: UiSchema): UiSchema => {
    const out: UiSchema = {};
    for (const [k, v] of Object.entries(node)) out[k] = v && typeof v === 'object' && !Array.isArray(v) && !k.startsWith('ui:') ? walk(v as UiSchema) : v;
    if (typeof node['ui:widget'] === 'string' && SELF_LABELLED.has(node['ui:widget'])) out['ui:label'] = false;
    return out;
  };
  return { 'ui:submitButtonOptions': { submitText: sv.screens.save }, ...walk(ui ?? {}) };
}

/**
 * The uiSchema with the fields the loaded data names at `readonlyFrom` read-only (those without
 * a value hidden), and no save button when every field is read-only. The names too: [] when none.
 */
function withReadonly(ui: UiSchema, schema: RJSFSchema, path: string | undefined, data: Data | undefined): { ui: UiSchema; names: string[] } {
  const listed = path && data ? at({ data }, path) : undefined;
  const names = Array.isArray(listed) ? listed.filter((n): n is string => typeof n === 'string') : [];
  if (!names.length) return { ui, names };
  const out: UiSchema = { ...ui };
  for (const name of names) {
    const value = data?.[name];
    out[name] = { ...((ui[name] as UiSchema | undefined) ?? {}), ...(value === undefined || value === '' ? { 'ui:widget': 'hidden' } : { 'ui:readonly': true }) };
  }
  const fields = Object.keys(schema.properties ?? {});
  if (fields.every((f) => names.includes(f))) out['ui:submitButtonOptions'] = { ...((ui['ui:submitButtonOptions'] as object | undefined) ?? {}), norender: true };
  return { ui: out, names };
}

/**
 * The toast after a save: a text with {answer.x}/{form.x}, or the text for the answer field's
 * value (`""` when the answer has none, `"*"` for any value no text names).
 */
function toastText(toast: FormPart['toast'], ctx: BindingContext): string {
  if (!toast) return '';
  if (typeof toast === 'string') return fillText(toast, ctx);
  const value = at(ctx, toast.field);
  const text = toast.texts[value === undefined || value === null ? '' : String(value)] ?? toast.texts['*'];
  return text ? fillText(text, ctx) : '';
}

/**
 * A form (docs/screens.md): the schema (entity `$ref`s inlined) rendered by RJSF on the
 * engine's ajv with Swedish errors, in `sections`, with the admin widgets; `load` fills it
 * (`pick`, `find` one row), the heading may bind the loaded data. `save` sends it; the
 * server's refusals (`details[].path`) appear at the fields they came from, the first one
 * focused, the rest at the form; then `session` (a new token), `toast` and `next`, or
 * `onSaved` (with the answer and what was sent) inside a page; `onSubmit` as it starts. Nothing typed is lost on failure.
 */
export function FormPartView({ part, level = 1, onSaved, onSubmit }: { part: FormPart; level?: 1 | 2; onSaved?: (done: BindingContext) => void; onSubmit?: () => void }) {
  const base = useBindingContext();
  const { handleError, container } = useSession();
  const applySession = useSessionEffects();
  const toast = useToast();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const loaded = useScreenData(part.load, base, attempt);
  const schema = useMemo(() => resolveRefs(part.schema, entities, [], (k) => keywords.has(k)) as RJSFSchema, [part.schema]);
  const uiSchema = useMemo(() => uiSchemaOf(part.uiSchema as UiSchema | undefined), [part.uiSchema]);
  const [formData, setFormData] = useState<Data | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const root = useRef<HTMLDivElement>(null);
  const idPrefix = `scr-${part.id ?? 'form'}`;
  const formContext = useMemo(() => ({ sections: part.sections, containerId: container?.id } satisfies WidgetContext & { sections: unknown }), [part.sections, container?.id]);

  useEffect(() => {
    if (loaded.status === 'ready') setFormData(loaded.data);
  }, [loaded]);

  const data = loaded.status === 'ready' ? loaded.data : undefined;
  const readonly = useMemo(() => withReadonly(uiSchema, schema, part.readonlyFrom, data), [uiSchema, schema, part.readonlyFrom, data]);
  const heading = part.heading && data ? fillText(part.heading, { ...base, data }) : (part.title ?? '');
  useScreenTitle(level === 1 && part.heading && data ? heading : undefined);

  const submit = useCallback(
    async ({ formData: form }: IChangeEvent<Data>) => {
      const save = part.save;
      if (!save || busy) return;
      onSubmit?.();
      setBusy(true);
      setError('');
      setExtraErrors(undefined);
      const full = { ...base, data, form: form ?? {} };
      try {
        const answer = await dispatchByName(save.action, fillData(save.data ?? '{form}', full, dataSchemaOf(save.action)));
        setFormData(form ?? {});
        const done = { ...full, answer };
        const text = toastText(part.toast, done);
        if (text) toast.show(text);
        applySession(part.session, done, answer);
        if (part.next) void navigate(fillText(part.next, done, true));
        onSaved?.(done);
      } catch (err) {
        handleError(err);
        const at = refusalsAtFields(fieldErrors(err), save.data);
        if (at.paths.length > 0) {
          setExtraErrors(at.errorSchema as ErrorSchema);
          const first = at.paths[0]!;
          // After RJSF has drawn the errors: focus the first refused field (RJSF's focusOnFirstError does it for its own errors only).
          requestAnimationFrame(() => root.current?.querySelector<HTMLElement>(`#${CSS.escape([idPrefix, ...first].join('_'))}`)?.focus());
        }
        const msg = at.paths.length > 0 ? at.elsewhere.join(' ') : messageOf(err);
        setError(msg);
        if (msg) toast.show(msg, 'error');
      } finally {
        setBusy(false);
      }
    },
    [part, base, data, busy, toast, navigate, handleError, applySession, onSaved, onSubmit, idPrefix],
  );

  const H = level === 1 ? 'h1' : 'h2';
  return (
    <div className="scr-form" ref={root}>
      {heading && !(loaded.status === 'notFound' && typeof part.notFound === 'object' && part.notFound.heading) && <H>{heading}</H>}
      {part.actions && <ActionButtons actions={part.actions} ctx={{ ...base, data }} done={() => setAttempt((a) => a + 1)} />}
      {loaded.status === 'error' && <Failure onRetry={() => setAttempt((a) => a + 1)} />}
      {loaded.status === 'notFound' && <NotFound spec={part.notFound} level={level} />}
      {loaded.status === 'loading' && <Loading />}
      {loaded.status === 'ready' && readonly.names.length > 0 && part.readonlyNote && (
        <p role="note" className="adm-hint">
          {fillText(part.readonlyNote, { ...base, data })}
        </p>
      )}
      {loaded.status === 'ready' && formData !== null && (
        <Form
          schema={schema}
          uiSchema={readonly.ui}
          formData={formData}
          // Controlled: what was typed survives every re-render (a failed save keeps it).
          onChange={(e) => setFormData((e.formData ?? {}) as Data)}
          validator={validator}
          onSubmit={(e) => void submit(e)}
          extraErrors={extraErrors}
          transformErrors={screenFormErrors}
          showErrorList={false}
          noHtml5Validate
          focusOnFirstError
          translateString={translateSwedish}
          idPrefix={idPrefix}
          widgets={adminWidgets}
          fields={adminFields}
          templates={{ ObjectFieldTemplate: SectionedFields }}
          formContext={formContext}
        />
      )}
      {error && (
        <p role="alert" className="adm-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A `form` screen: the form part with the screen's h1 (none in the session card, which has its own). */
export default function FormScreen({ screen }: { screen: ScreenFile }) {
  const part = useMemo<FormPart>(() => ({ ...screen, title: layoutOf(screen) === 'session' ? '' : screen.title }), [screen]);
  return <FormPartView part={part} />;
}

