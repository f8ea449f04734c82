import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { PrecompiledForm } from '../precompiled';
import type { Answers, CompiledForm, FieldError, FormTemplate, LayoutNode } from './contract';
import { layoutOf } from './contract';
import { FormEngineProvider, useFormEngine, useOptionalFormEngine, type FormEngine } from './context';
import { fill, t } from './messages';
import { RuntimeContext, type FormRuntime } from './runtime';
import { AnswerStore } from './store';
import { FormFields } from './templates';
import { ancestorsByKey, firstInvalidKey, focusField, keysInOrder } from './tree';
import type { DisplayMode } from './widget-api';
import { defaultFormEngine } from './defaultEngine';
import { usePrecompiledForm } from './usePrecompiledForm';
import { visibleAnswers } from '../conditions';
import { NativeExtras, navOf, StepButtons, StepContext, StepHeading, useSteps } from './steps';
import './blankett.css';

export interface ApplicationFormProps {
  /** The form to compile here (admin pages); or `precompiled`. */
  form?: FormTemplate;
  /**
   * A form the server compiled, with the URL of its precompiled validator (the public apply
   * page): nothing is compiled in the browser. Takes precedence over `form`.
   */
  precompiled?: PrecompiledForm | null;
  /** entry: the applicant fills it in; view: read-only label and value; edit: the builder's inert preview. */
  mode?: DisplayMode;
  answers?: Answers;
  onChange?(answers: Answers): void;
  /** Called with the answers once the engine finds them valid. */
  onSubmit?(answers: Answers): void | Promise<void>;
  /** The container's validator-message overrides. */
  messages?: Record<string, string>;
  /** Errors the server returned for the last submit, shown at their fields. */
  serverErrors?: FieldError[];
  /** Unix seconds, for minYearAtStart. */
  positionStart?: number;
  submitLabel?: string;
  disabled?: boolean;
  /** The step to show (a form with steps, engine/steps.ts): restored from a draft or a no-script round trip. */
  step?: number;
  /** Told the step the applicant moved to. */
  onStepChange?(step: number): void;
  /**
   * Where the form posts itself without script (multipart): set on the public apply page, so
   * the server-rendered form works before and without the script (server/http/apply-form.ts).
   */
  nativeAction?: string;
  /** Drawn inside the form just above the send button in entry mode (the apply page's separate talent-pool choice). */
  beforeSubmit?: ReactNode;
  /**
   * View mode: answers kept from this reader (a position's anonymous screening) and what they
   * read as instead ('Dolt till steget …'), so a hidden answer is not taken for an empty one.
   */
  hidden?: { keys: readonly string[]; text: string };
  /**
   * Entry mode: answers the server keeps when they come back as they are (a personnummer shown
   * masked, '19900101-XXXX'): not judged while unchanged, so the rest of the form can be saved.
   */
  kept?: Answers;
}

/** The errors, less those of a `kept` answer that is still as it was given. */
function judged(errors: FieldError[], answers: Answers, kept: Answers | undefined): FieldError[] {
  return kept ? errors.filter((e) => !(Object.hasOwn(kept, e.key) && answers[e.key] === kept[e.key])) : errors;
}

/**
 * A position's form rendered in one of the three display modes (its fields: templates.tsx). Uses the
 * nearest FormEngineProvider, or the built-in engine (all standard widgets) when there is none.
 */
export function ApplicationForm(props: ApplicationFormProps) {
  const outer = useOptionalFormEngine();
  if (outer) return <FormBody {...props} />;
  return (
    <FormEngineProvider engine={defaultFormEngine()}>
      <FormBody {...props} />
    </FormEngineProvider>
  );
}

function FormBody(props: ApplicationFormProps) {
  if (props.precompiled) return <PrecompiledBody {...props} precompiled={props.precompiled} />;
  if (!props.form) return <BrokenForm />;
  return <TemplateBody {...props} form={props.form} />;
}

export function BrokenForm() {
  return (
    <div className="blk-form blk-form-broken" role="alert">
      <p>{t.compileError}</p>
    </div>
  );
}

function PrecompiledBody(props: ApplicationFormProps & { precompiled: PrecompiledForm }) {
  const { compiled, failed, retry } = usePrecompiledForm(props.precompiled, { messages: props.messages, positionStart: props.positionStart });
  return <CompiledApplicationForm {...props} mode={props.mode ?? 'entry'} compiled={compiled} loadFailed={failed ? retry : undefined} />;
}

function TemplateBody(props: ApplicationFormProps & { form: FormTemplate }) {
  const { form, mode = 'entry', messages, positionStart } = props;
  const engine = useFormEngine();
  const compiled = useMemo(
    () => compileSafely(engine, form, messages, positionStart),
    // The template's identity is its metadata (and key/version); a new wrapper object alone does not recompile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [engine, form.metadata, form.key, form.version, messages, positionStart],
  );
  if ('error' in compiled) return <BrokenForm />;
  return <CompiledApplicationForm {...props} mode={mode} compiled={compiled.form} />;
}

function compileSafely(engine: FormEngine, form: FormTemplate, messages?: Record<string, string>, positionStart?: number) {
  try {
    return { form: engine.compile(form, { messages, positionStart }) };
  } catch (e) {
    // Applicants get only the Swedish notice; the engine's (English, key-naming) detail is for developers.
    console.error('ApplicationForm: the form could not be compiled:', e instanceof Error ? e.message : e);
    return { error: true as const };
  }
}

export interface CompiledProps extends ApplicationFormProps {
  mode: DisplayMode;
  compiled: CompiledForm;
  /** Set when the form's validator could not be loaded: shows the error state with this retry. */
  loadFailed?: () => void;
}

/** A compiled form drawn in a display mode (ShownForm.tsx draws the server's compile with it). */
export function CompiledApplicationForm(props: CompiledProps) {
  const { compiled, mode, answers, serverErrors } = props;
  const layout = useMemo(() => layoutOf(compiled.uiSchema), [compiled]);
  // Errors the server sent with the page (a no-script round trip) are there in the first render: effects do not run on the server.
  const [store] = useState(() => withErrors(new AnswerStore(answers), serverErrors));
  // useId, not a module counter: the server and the hydrating browser must draw the same ids.
  const prefix = `blk${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [announcement, setAnnouncement] = useState<{ n: number; text: string; stray: FieldError[] } | null>(() => summaryOf(serverErrors, layout));
  const callbacks = useRef(props);
  callbacks.current = props;
  const dirty = useRef(new Set<string>());
  const pending = useRef(new Set<Promise<unknown>>());
  const serverKeys = useRef(new Set<string>());

  const order = useMemo(() => keysInOrder(layout), [layout]);
  const ancestors = useMemo(() => ancestorsByKey(layout), [layout]);
  const steps = useSteps(layout, mode === 'entry', props.step, props.onStepChange);
  // The first field the page arrived refused at (server-drawn): the browser goes there on load, script or not.
  const [focusKey] = useState(() => (serverErrors?.length ? firstInvalidKey(order, serverErrors) : undefined));

  const report = useCallback(
    (errors: readonly FieldError[]) => {
      if (!errors.length) return setAnnouncement(null);
      const shown = new Set(order);
      const stray = errors.filter((e) => !shown.has(e.key));
      setAnnouncement((prev) => ({ n: (prev?.n ?? 0) + 1, text: fill(t.errorSummary, { n: messageCount(errors) }), stray }));
      const first = firstInvalidKey(order, errors);
      if (!first) return;
      const id = `${prefix}-${safeId(first)}`;
      // A refusal about a field on another step (the server's, after the last step): to that step and field.
      const at = steps.stepOf(first);
      if (steps.multi && at >= 0 && at !== steps.index) steps.go(at, id);
      else focusField(id);
    },
    [order, prefix, steps],
  );

  // Answers given in the form since the parent last passed `answers`: one those answers do not
  // mention stays (a file chosen before the apply page went live, read while the page adopted
  // what was typed, must not be dropped by that adoption).
  const givenSince = useRef(new Set<string>());
  useLayoutEffect(() => {
    if (!answers) return;
    const kept: Answers = {};
    for (const key of givenSince.current) if (!(key in answers) && store.get(key) !== undefined) kept[key] = store.get(key);
    givenSince.current.clear();
    store.replace(Object.keys(kept).length ? { ...answers, ...kept } : answers);
  }, [answers, store]);

  const reportRef = useRef(report);
  reportRef.current = report;
  const lastServerErrors = useRef<readonly FieldError[]>([]);
  useLayoutEffect(() => {
    const errors = serverErrors ?? [];
    // A parent that passes a fresh `[]` on every render must not wipe the errors the engine found.
    if (!errors.length && !lastServerErrors.current.length) return;
    lastServerErrors.current = errors;
    serverKeys.current = new Set(errors.map((e) => e.key));
    store.setErrors(errors);
    if (errors.length) reportRef.current(errors);
  }, [serverErrors, store]);

  const hiddenLabel = props.hidden?.text;
  const hiddenKeyList = props.hidden?.keys.join('\n');
  const hiddenKeys = useMemo(() => (hiddenKeyList ? new Set(hiddenKeyList.split('\n')) : null), [hiddenKeyList]);
  // A new compile of the form (the builder's preview after a move or an edit) keeps the
  // runtime: every field reads it, so a new one would draw all of them again; the memoised
  // fields whose own schema is unchanged (templates.tsx) are then passed over.
  const compiledRef = useRef(compiled);
  compiledRef.current = compiled;
  const keptRef = useRef(props.kept);
  keptRef.current = props.kept;
  const ancestorsRef = useRef(ancestors);
  ancestorsRef.current = ancestors;
  const runtime = useMemo<FormRuntime>(() => {
    const scopeOf = (key: string) => [key, ...(ancestorsRef.current.get(key) ?? [])];
    const revalidate = (keys: string[]) => {
      const compiled = compiledRef.current;
      // Live checks wait for a validator still loading; submit waits for it (below).
      if (compiled.ready && !compiled.ready()) return;
      const answers = store.snapshot();
      store.setErrors(judged(compiled.validate(answers).errors, answers, keptRef.current), keys);
    };
    return {
      store,
      get compiled() {
        return compiledRef.current;
      },
      mode,
      disabled: Boolean(props.disabled) || mode === 'edit',
      idOf: (key) => `${prefix}-${safeId(key)}`,
      hiddenText: (key) => (hiddenKeys?.has(key) ? hiddenLabel : undefined),
      focusKey,
      change(key, value) {
        if (mode !== 'entry') return;
        store.set(key, value);
        dirty.current.add(key);
        givenSince.current.add(key);
        const scope = scopeOf(key);
        // A server error is about the value that was sent; once it changes the error no longer applies.
        scope.forEach((k) => serverKeys.current.delete(k));
        if (scope.some((k) => store.errorsOf(k).length)) revalidate(scope);
        callbacks.current.onChange?.(store.snapshot());
      },
      blur(key) {
        if (mode !== 'entry' || !dirty.current.has(key)) return;
        revalidate(scopeOf(key).filter((k) => !serverKeys.current.has(k)));
      },
      working(work) {
        const settled = work.then(
          () => undefined,
          () => undefined,
        );
        pending.current.add(settled);
        void settled.then(() => pending.current.delete(settled));
      },
    };
  }, [store, mode, props.disabled, prefix, hiddenKeys, hiddenLabel, focusKey]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode !== 'entry' || props.disabled) return;
    if (compiled.whenReady) {
      try {
        await compiled.whenReady();
      } catch {
        // The load failure is on screen (loadFailed); unjudged answers are never sent.
        return;
      }
    }
    // A file still being read (chosen a moment before the send) is part of what is sent.
    while (pending.current.size) await Promise.all(pending.current);
    // A hidden field's answer is kept while the applicant answers (it comes back if the field
    // does) but is never judged or sent.
    const answersNow = visibleAnswers(layout, store.snapshot());
    const nav = navOf(event);
    if (nav === 'refresh') return;
    if (steps.multi && nav === 'back') {
      setAnnouncement(null);
      return steps.go(steps.index - 1);
    }
    const all = compiled.validate(answersNow);
    const errors = judged(all.errors, answersNow, props.kept);
    const result = { ...all, errors, valid: errors.length === 0 };
    if (steps.multi && steps.index < steps.steps.length - 1) {
      // Only this step is judged before moving on; the rest is judged when it is shown and at the end.
      const here = result.errors.filter((e) => steps.keys.has(e.key));
      store.setErrors(here, steps.keys);
      if (here.length) return report(here);
      setAnnouncement(null);
      return steps.go(steps.index + 1);
    }
    serverKeys.current.clear();
    store.setErrors(result.errors);
    if (!result.valid) {
      // An error on an earlier step (a draft restored further on): back to it, where it can be seen.
      const first = firstInvalidKey(order, result.errors);
      const at = first === undefined ? -1 : steps.stepOf(first);
      if (steps.multi && at >= 0 && at !== steps.index) {
        // …to the first of them, not only to the step's heading.
        steps.go(at, `${prefix}-${safeId(first as string)}`);
        return setAnnouncement((prev) => ({ n: (prev?.n ?? 0) + 1, text: t.steps.earlierStepErrors, stray: [] }));
      }
      return report(result.errors);
    }
    setAnnouncement(null);
    await callbacks.current.onSubmit?.(answersNow);
  };

  const fields = useMemo(() => <FormFields schema={renderSchema(compiled.schema)} uiSchema={compiled.uiSchema} />, [compiled]);

  const body = (
    <RuntimeContext.Provider value={runtime}>
      {steps.multi && <StepHeading state={steps} id={`${prefix}-step`} />}
      <div className="blk-live" aria-live="assertive" role="alert">
        {announcement && (
          <div key={announcement.n} className="blk-error-summary">
            <p>{announcement.text}</p>
            {announcement.stray.map((e) => (
              <p key={`${e.key}:${e.message}`} className="blk-error">{e.message}</p>
            ))}
          </div>
        )}
      </div>
      <StepContext.Provider value={steps.shown}>{fields}</StepContext.Provider>
      {props.loadFailed && (
        <div className="blk-error-summary" role="alert">
          <p>{t.validatorLoadError}</p>
          <button type="button" className="blk-retry" onClick={props.loadFailed}>
            {t.retry}
          </button>
        </div>
      )}
    </RuntimeContext.Provider>
  );

  if (mode === 'view') return <div className="blk-form blk-form-view">{body}</div>;
  const native = mode === 'entry' && props.nativeAction !== undefined ? { method: 'post', encType: 'multipart/form-data', action: props.nativeAction } : {};
  return (
    <form className={`blk-form blk-form-${mode}`} noValidate onSubmit={onSubmit} aria-describedby={mode === 'edit' ? `${prefix}-note` : undefined} {...native}>
      {mode === 'edit' && <p id={`${prefix}-note`} className="blk-visually-hidden">{t.editPreview}</p>}
      {body}
      {mode === 'entry' && props.beforeSubmit}
      {mode === 'entry' && steps.multi && <StepButtons state={steps} submitLabel={props.submitLabel ?? t.submit} disabled={props.disabled} />}
      {mode === 'entry' && !steps.multi && (
        <button type="submit" className="blk-submit" disabled={props.disabled}>
          {props.submitLabel ?? t.submit}
        </button>
      )}
      {mode === 'entry' && props.nativeAction !== undefined && <NativeExtras layout={layout} steps={steps} answers={answers} />}
    </form>
  );
}

/** The store with the errors a server-rendered page arrived with. */
function withErrors(store: AnswerStore, errors: readonly FieldError[] | undefined): AnswerStore {
  if (errors?.length) store.setErrors(errors);
  return store;
}

/** The summary over the form for errors the page arrived with (the same text the script shows). */
function summaryOf(errors: readonly FieldError[] | undefined, layout: readonly LayoutNode[]): { n: number; text: string; stray: FieldError[] } | null {
  if (!errors?.length) return null;
  const shown = new Set(keysInOrder(layout));
  return { n: 0, text: fill(t.errorSummary, { n: messageCount(errors) }), stray: errors.filter((e) => !shown.has(e.key)) };
}

/** How many messages the errors put on screen: a field shows each of its messages once (store.ts), so 'N fel' counts those. */
function messageCount(errors: readonly FieldError[]): number {
  return new Set(errors.map((e) => `${e.key}\u0000${e.message}`)).size;
}

/** Field ids must be valid in a selector-free lookup; keys are normally [A-Za-z0-9_], anything else is replaced. */
function safeId(key: string): string {
  return key.replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * What is laid out: every answer's schema at the top, the conditional ones taken from their
 * `then`, and no `allOf`: the engine decides what is shown and what is valid.
 */
function renderSchema(schema: CompiledForm['schema']): CompiledForm['schema'] {
  const branches = schema.allOf;
  if (!Array.isArray(branches)) return schema;
  const properties = { ...(schema.properties ?? {}) };
  for (const b of branches as { then?: { properties?: Record<string, Record<string, unknown>> } }[]) {
    for (const [key, s] of Object.entries(b.then?.properties ?? {})) properties[key] = { ...properties[key], ...s };
  }
  const { allOf: _, ...rest } = schema;
  return { ...rest, properties };
}
