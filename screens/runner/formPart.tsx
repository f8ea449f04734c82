import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { UiSchema } from '@rjsf/utils';
import { Navigate, useNavigate } from 'react-router-dom';
import { getToken } from '../api';
import { useSession } from './session/session';
import { useToast } from '../shared/toast';
import { ActionButtons } from './LazyActionButtons';
import { at, fillText, pathOf, pointer, textBy, type BindingContext } from './bindings';
import { linkRefused, refusalsAtFields, type FieldRefusals } from './formErrors';
import { FormLinks, FormOutcome, type Outcome } from './FormOutcome';
import { useMailedLink } from './mailedLink';
import { isRouteSave, refusalText, sendSave } from './routeSave';
import { useLanding, useSessionEffects } from './session/sessionEffects';
import { validUser } from './session/token';
import { fieldErrors, messageOf } from './serverErrors';
import { Failure, Loading, NotFound } from './states';
import { preloadView, viewComponent } from './views';
import { useScreenTitle } from './title';
import type { Block, ScreenFile } from './types';
import { useBindingContext } from './useBindingContext';
import { useScreenData, type Data } from './useScreenData';

/** What a form needs, from a form screen or a page's form block. */
export type FormPart = Pick<ScreenFile, 'schema' | 'uiSchema' | 'load' | 'save' | 'toast' | 'next' | 'session' | 'sections' | 'notFound' | 'heading' | 'actions' | 'readonlyFrom' | 'readonlyNote' | 'link' | 'done' | 'intro' | 'busy'> &
  Pick<Block, 'links' | 'alternative' | 'followUp' | 'companion'> & {
    id?: string;
    title?: string;
  };

/** The server's refusals at the fields ({ email: { __errors: ['…'] } }, RJSF's ErrorSchema shape). */
export type FieldErrorTree = FieldRefusals['errorSchema'];

/**
 * Focuses the field drawn at `id` in `root`: the control itself, or, for a field drawn as a
 * group (radio buttons and check boxes inside a div, the rights' `<id>-1`…), its first control.
 * Both form paths use it, for their own refusals and for the server's.
 */
export function focusField(root: HTMLElement | null, id: string): void {
  const at = CSS.escape(id);
  const el = root?.querySelector<HTMLElement>(`#${at}`);
  (el?.matches('input, select, textarea') ? el : (el?.querySelector<HTMLElement>('input') ?? root?.querySelector<HTMLElement>(`[id^="${at}-"]`)))?.focus();
}

/** The fields the loaded data names at a form's `readonlyFrom` ([] when none): read-only on both form paths, hidden when they hold nothing. */
export function readonlyNames(path: string | undefined, data: Data | undefined): string[] {
  const listed = path && data ? at({ data }, path) : undefined;
  return Array.isArray(listed) ? listed.filter((n): n is string => typeof n === 'string') : [];
}

/** The `default`s of a schema's own fields (RJSF's getDefaultFormState walks every branch with the validator: seconds on a big form). */
export const topDefaults = (schema: { properties?: Record<string, unknown> }): Data =>
  Object.fromEntries(Object.entries(schema.properties ?? {}).flatMap(([k, p]) => (p && typeof p === 'object' && 'default' in p ? [[k, (p as { default: unknown }).default]] : [])));

/**
 * What every form does besides drawing its fields (FormScreen.tsx draws them with RJSF,
 * LightForm.tsx with native inputs): `load` fills it, `save` sends it once however often it is
 * pressed; the server's refusals (`details[].path`) go to the fields they came from, the first
 * one focused, the rest at the form; one at a mailed link's value ({link.token}, `link`) puts the
 * link's refusal in the form's place. Then `session` (a new token; `land`: where a login lands),
 * `toast`, and `done` in the form's place or `next`, or `onSaved` (with the answer and what was
 * sent) inside a page; `onSubmit` as it starts. Nothing typed is lost on failure.
 */
export function useFormPart(part: FormPart, defaults: Data, level: 1 | 2, { onSaved, onSubmit }: { onSaved?: ((done: BindingContext) => void) | undefined; onSubmit?: (() => void) | undefined }) {
  const link = useMailedLink(!!part.link);
  const bound = useBindingContext();
  const base = useMemo(() => (link ? { ...bound, link } : bound), [bound, link]);
  const { handleError, user } = useSession();
  const applySession = useSessionEffects();
  const land = useLanding();
  const toast = useToast();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const loaded = useScreenData(part.load, base, attempt);
  const [formData, setFormData] = useState<Data | null>(null);
  const [busy, setBusy] = useState(false);
  // A ref, not state: two presses in one frame must not both send (a mailed link works once).
  const sending = useRef(false);
  const [error, setError] = useState('');
  const [extraErrors, setExtraErrors] = useState<FieldErrorTree | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [other, setOther] = useState(false);
  // The answer of a save that asked for a next step (`followUp`, the login's second factor).
  const [follow, setFollow] = useState<unknown>(null);
  const root = useRef<HTMLDivElement>(null);
  const idPrefix = `scr-${part.id ?? 'form'}`;

  useEffect(() => {
    // With the schema's defaults, as RJSF holds it: else the first render after a refused
    // submit sees fields 'changed' from what was given and drops their errors.
    if (loaded.status === 'ready') setFormData({ ...defaults, ...loaded.data });
  }, [loaded, defaults]);

  const data = loaded.status === 'ready' ? loaded.data : undefined;
  const heading = part.heading && data ? fillText(part.heading, { ...base, data }) : (part.title ?? '');
  useScreenTitle(level === 1 && part.heading && data ? heading : undefined);

  const submit = useCallback(
    async (form: Data | undefined) => {
      const save = part.save;
      if (!save || sending.current) return;
      sending.current = true;
      onSubmit?.();
      // The next step's code (the login's second factor) loads beside the save, not with the form:
      // most saves never need it, and the answer takes as long as the chunk.
      if (part.followUp) preloadView(part.followUp.view);
      setBusy(true);
      setError('');
      setExtraErrors(undefined);
      const full = { ...base, data, form: form ?? {} };
      try {
        const answer = await sendSave(save, full);
        setFormData(form ?? {});
        if (part.followUp && pointer(answer, part.followUp.when) != null) {
          setFollow(answer);
          return;
        }
        const done = { ...full, answer };
        const text = textBy(part.toast, done);
        if (text) toast.show(text);
        applySession(part.session, done, answer);
        const shown = part.done && (!part.done.when || at(done, part.done.when) === true);
        if (shown) setOutcome({ role: 'status', text: fillText(part.done!.text, done), links: part.done!.links, ctx: done });
        else if (part.session?.land) void navigate(land(validUser(String(pointer(answer, part.session.token)))?.sub ?? ''), { replace: true });
        else if (part.next) void navigate(pathOf(part.next, done));
        onSaved?.(done);
      } catch (err) {
        // An account route answers without a session: its 401 is a refused login, not an ended session.
        if (!isRouteSave(save)) handleError(err);
        const refused = fieldErrors(err);
        if (part.link && linkRefused(refused, save.data)) {
          const r = part.link.refused;
          setOutcome({ role: 'alert', text: r?.text ?? messageOf(err), help: r?.help, links: r?.links, ctx: full });
          return;
        }
        const at = refusalsAtFields(refused, save.data, part.uiSchema as UiSchema | undefined);
        if (at.paths.length > 0) {
          setExtraErrors(at.errorSchema);
          const first = at.paths[0]!;
          // After the form has drawn the errors: focus the first refused field (RJSF's focusOnFirstError does it for its own errors only).
          requestAnimationFrame(() => focusField(root.current, [idPrefix, ...first].join('_')));
        }
        const msg = at.paths.length > 0 ? at.elsewhere.join(' ') : refusalText(save, err);
        setError(msg);
        // The session pages say it at the form only; a toast would say it twice.
        if (msg && !isRouteSave(save)) toast.show(msg, 'error');
      } finally {
        sending.current = false;
        setBusy(false);
      }
    },
    [part, base, data, toast, navigate, handleError, applySession, land, onSaved, onSubmit, idPrefix],
  );

  return { link, base, loaded, data, heading, formData, setFormData, busy, error, extraErrors, outcome, other, setOther, follow, setFollow, root, idPrefix, submit, retry: () => setAttempt((a) => a + 1), user, land };
}

export type FormPartState = ReturnType<typeof useFormPart>;

/**
 * Keeps a keyboard user's place when the alternative view takes the form's place and when it
 * gives it back: the button that opened it is gone, so focus would fall to the page. Shown, the
 * view's heading (or first field) takes focus once its code has drawn it; closed, the button
 * that opened it does.
 */
function useAlternativeFocus(shown: boolean) {
  const view = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasShown = useRef(false);
  useEffect(() => {
    const was = wasShown.current;
    wasShown.current = shown;
    if (!shown) {
      if (was) opener.current?.focus();
      return;
    }
    const root = view.current;
    if (!root) return;
    const focusFirst = () => {
      const target = root.querySelector<HTMLElement>('h1, h2, h3, input, button');
      if (!target) return false;
      if (/^H\d$/.test(target.tagName) && !target.hasAttribute('tabindex')) target.tabIndex = -1;
      target.focus();
      return true;
    };
    if (focusFirst()) return;
    // Its code may still be on the way (Suspense): focus when it has drawn.
    const watch = new MutationObserver(() => focusFirst() && watch.disconnect());
    watch.observe(root, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [shown]);
  return { view, opener };
}

/**
 * Everything around a form's fields: in the form's place a logged-in visitor's landing (the
 * login), the follow-up or alternative view, or an outcome; else the heading, actions, load
 * states, `readonlyNote` (when `noted`), `intro`, the fields (`children`, once the load is
 * ready), the form-level error, links, the companion view and the alternative's button.
 */
export function FormFrame({ part, screen, level, state: s, noted, children }: { part: FormPart; screen: ScreenFile; level: 1 | 2; state: FormPartState; noted: boolean; children: ReactNode }) {
  const { base, data, loaded, formData, link } = s;
  const alternativeFocus = useAlternativeFocus(s.other);
  // A person already logged in does not see the login: they land where it would take them.
  if (part.session?.land && s.user && validUser(getToken())) return <Navigate to={s.land(s.user.sub)} replace />;
  const Next = s.follow !== null && part.followUp ? viewComponent(part.followUp.view) : null;
  if (Next) {
    return (
      <Suspense fallback={<Loading />}>
        <Next screen={screen} props={{ answer: s.follow, form: formData ?? {}, back: () => s.setFollow(null) }} />
      </Suspense>
    );
  }
  const Other = s.other && part.alternative ? viewComponent(part.alternative.view) : null;
  if (Other) {
    return (
      <div ref={alternativeFocus.view}>
        <Suspense fallback={<Loading />}>
          <Other screen={screen} props={{ form: formData ?? {}, back: () => s.setOther(false) }} />
        </Suspense>
      </div>
    );
  }
  const missing = link && !link.token && part.link ? ({ role: 'alert', text: part.link.missing, ctx: base } as const) : null;
  // The load refused the link itself (an invitation's facts asked with its token).
  const r = part.link?.refused;
  const loadRefused = loaded.status === 'error' && part.link && linkRefused(fieldErrors(loaded.error), part.load?.data) ? ({ role: 'alert', text: r?.text ?? messageOf(loaded.error), help: r?.help, links: r?.links, ctx: base } as const) : null;
  const shown = missing ?? loadRefused ?? s.outcome;
  const LinkView = part.link?.view && shown?.role === 'alert' ? viewComponent(part.link.view) : null;
  if (shown) {
    return (
      <>
        <FormOutcome outcome={shown} />
        {LinkView && (
          <Suspense fallback={<Loading />}>
            <LinkView screen={screen} props={{ email: link?.email ?? '' }} />
          </Suspense>
        )}
      </>
    );
  }
  const Companion = part.companion ? viewComponent(part.companion.view) : null;
  const H = level === 1 ? 'h1' : 'h2';
  return (
    <div className="scr-form" ref={s.root}>
      {s.heading && !(loaded.status === 'notFound' && typeof part.notFound === 'object' && part.notFound.heading) && <H>{s.heading}</H>}
      {part.actions && <ActionButtons actions={part.actions} ctx={{ ...base, data }} done={s.retry} />}
      {loaded.status === 'error' && <Failure onRetry={s.retry} />}
      {loaded.status === 'notFound' && <NotFound spec={part.notFound} level={level} />}
      {loaded.status === 'loading' && <Loading />}
      {loaded.status === 'ready' && noted && part.readonlyNote && (
        <p role="note" className="adm-hint">
          {fillText(part.readonlyNote, { ...base, data })}
        </p>
      )}
      {loaded.status === 'ready' && part.intro?.map((p, i) => <p key={i}>{textBy(p, { ...base, data })}</p>)}
      {loaded.status === 'ready' && formData !== null && children}
      {s.error && (
        <p role="alert" className="adm-error">
          {s.error}
        </p>
      )}
      <FormLinks links={part.links} ctx={{ ...base, data, form: formData ?? {} }} />
      {Companion && (
        <Suspense fallback={null}>
          <Companion screen={screen} props={{ form: formData ?? {} }} />
        </Suspense>
      )}
      {part.alternative && (
        <p>
          {/* Its code loads when the way there is pointed at or reached by keyboard, not with the form: most never take it. */}
          <button type="button" ref={alternativeFocus.opener} className="scr-link-button" onPointerEnter={() => preloadView(part.alternative!.view)} onFocus={() => preloadView(part.alternative!.view)} onClick={() => s.setOther(true)}>
            {part.alternative.label}
          </button>
        </p>
      )}
    </div>
  );
}
