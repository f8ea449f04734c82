import type { Context } from 'koa';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { carriesFiles, specialFieldKey } from '../../engine/answer-kinds';
import { visibleAnswers } from '../../engine/conditions';
import { fieldErrorsOf } from '../../engine/error-details';
import { CARRY_FIELD, keysOfStep, NAV_FIELD, STEP_FIELD, stepIndex, stepsOf } from '../../engine/steps';
import type { FieldError } from '../../engine/types';
import { sourceTagOf } from '../../engine/source-tag';
import type { Config } from '../config';
import { memoryCoordination } from '../coord/port';
import type { ServerDeps } from '../base/deps';
import { apply } from '../domain/forms/apply';
import { loadContainer } from '../domain/organisations/containers';
import type { PositionDoc } from '../domain/core/docs';
import { positionValidator } from '../domain/forms/forms';
import { HttpError } from '../errors';
import { APPLY_MAX_BODY } from '../routes/public';
import type { Renderer, RenderRequest } from '../ssr/render';
import { answersFromForm, shownAnswers, type FormPosition } from './apply-form-answers';
import { FormBodyError, readFormBody, type FormLimits, type FormRefusal, type PostedForm } from './form-body';
import { sharedLimiter } from '../coord/rate-limit';

type ApplyFormState = NonNullable<NonNullable<Awaited<ReturnType<Renderer['renderApply']>>>['data']['form']>;

/**
 * What one page sent by the no-script form may hold (issue 24): its fields are the position's
 * questions and three of the page's own, a file field takes up to 20 files; no answer that is
 * not a file is longer than a textarea's 10,000 characters (40,000 bytes in UTF-8, ×3 when
 * percent-encoded). The carried answers of earlier steps hold their files too: up to the body's limit.
 */
/** Pages of the no-script form an IP may send per application the apply limit allows. */
const PAGES_PER_APPLY = 4;

const FORM_LIMITS: FormLimits = { maxBytes: APPLY_MAX_BODY, maxFields: 1_000, maxFieldBytes: 128 * 1024, bigFields: new Set([CARRY_FIELD]) };

const REFUSED: Record<FormRefusal, { status: number; message: string }> = {
  tooLarge: { status: 413, message: sv.public.tooLarge },
  tooManyFields: { status: 413, message: sv.public.tooManyFields },
  fieldTooLarge: { status: 413, message: sv.public.fieldTooLong },
  malformed: { status: 400, message: sv.public.loadError },
};

/** How long a refused upload's connection stays open, unread, after its answer (for the client to read it). */
const LINGER_MS = 2_000;

/**
 * A refused body is never read (reading 31 MB only to drop it costs the process its garbage
 * collector): once the answer is out the connection is half-closed, so the client reads the
 * answer and the end, and cut LINGER_MS later. Cutting at once (Connection: close) would reset
 * a client still sending, which may then lose the answer.
 */
function endAfterAnswer(ctx: Context): void {
  const socket = ctx.req.socket;
  ctx.req.pause();
  ctx.res.once('finish', () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}

/** The public position the rendered apply page shows (its SSR data), or null. */
function positionOnPage(entries: Record<string, { status: number | string; data?: unknown }>): FormPosition | null {
  for (const [path, e] of Object.entries(entries)) {
    const d = e.data as Partial<FormPosition> | undefined;
    if (/^\/api\/public\/positions\/[^/?]+$/.test(path) && e.status === 200 && typeof d?.id === 'number' && Array.isArray(d.metadata) && d.compiledForm) return d as FormPosition;
  }
  return null;
}

/** The applicant's email as the scripted page sends it (screens/public/submitApplication.ts emailOf). */
function emailKeyOf(p: FormPosition, answers: Record<string, unknown>): string | undefined {
  return 'form_email' in answers ? 'form_email' : specialFieldKey(p.metadata, 'form_email');
}

/**
 * The apply page as a plain HTML form (issue 18 item 3): a multipart POST to the page's own
 * address, sent with JavaScript off or not yet loaded. Judged by the same engine and the same
 * apply flow as the JSON API; answered with the page drawn again (answers kept, files of other
 * steps carried on, those on the page asked for again, errors at their fields and a summary) or, once stored, 303 to the thank-you page.
 * Steps and conditions go by round trips: 'next' judges the step on the page, 'back' and
 * 'refresh' only redraw. Every page sent counts against the same per-IP apply limit as the API,
 * before its body is read; the body is parsed as it arrives, within FORM_LIMITS.
 */
export function applyFormHandler(deps: ServerDeps, config: Config) {
  const counters = (deps.coord ?? memoryCoordination()).counters;
  const limiter = sharedLimiter(counters, 'apply-ip', { windowMs: config.rateLimits.windowMs, max: config.rateLimits.applyPerIp });
  // Every page sent (step round trips too): a form in steps takes a few per application.
  const pages = sharedLimiter(counters, 'apply-form-ip', { windowMs: config.rateLimits.windowMs, max: config.rateLimits.applyPerIp * PAGES_PER_APPLY });

  async function judgeStep(p: FormPosition, answers: Record<string, unknown>, keys: ReadonlySet<string>): Promise<FieldError[]> {
    const doc = await deps.store.collection<PositionDoc>('positions').findOne({ id: p.id }, { projection: { text: 0 } });
    if (!doc) return [];
    const container = await loadContainer(deps.store, doc.containerId);
    const form = positionValidator(doc, container.messages);
    return form.validate(visibleAnswers(form.uiSchema['ui:options'].layout, answers)).errors.filter((e) => keys.has(e.key));
  }

  return async function handle(ctx: Context, renderer: Renderer, req: RenderRequest): Promise<void> {
    const probe = await renderer.renderApply(req);
    const position = probe && positionOnPage(probe.data.entries);
    if (!probe || !position) {
      // Not an apply page we can answer: the GET of the same address says what it is.
      ctx.status = 303;
      ctx.redirect(req.pathname + req.search);
      return;
    }
    const layout = position.compiledForm.uiSchema['ui:options'].layout;
    const steps = stepsOf(layout);
    const base: ApplyFormState = { positionId: position.id, answers: {}, errors: [], step: 0 };
    const draw = async (state: ApplyFormState, status: number) => {
      const drawn = steps.length > 1 ? keysOfStep(steps[state.step] ?? steps[0]!) : null;
      const out = await renderer.renderApply(req, { ...state, answers: shownAnswers(state.answers, position, drawn) });
      if (!out) throw new HttpError(503, 'unavailable', sv.public.loadError);
      ctx.status = status;
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = out.page.html;
    };

    // The per-IP limits are taken before a byte of the body is read, as the API's is (a refused
    // body is not read, endAfterAnswer): every page sent counts against `pages`, and against the apply
    // limit until it turns out not to be a send (only a send counts there, given back below).
    if (!(await pages.hit(ctx.ip)) || !(await limiter.hit(ctx.ip))) {
      endAfterAnswer(ctx);
      return draw({ ...base, problem: sv.server.rateLimited }, 429);
    }
    let form: PostedForm;
    let bytes: number;
    try {
      ({ form, bytes } = await readFormBody(ctx.req, ctx.get('content-type'), FORM_LIMITS));
    } catch (err) {
      if (!(err instanceof FormBodyError)) throw err;
      const refused = REFUSED[err.reason];
      endAfterAnswer(ctx);
      return draw({ ...base, problem: refused.message }, refused.status);
    }

    const stepValue = form.get(STEP_FIELD);
    const at = steps.length > 1 ? stepIndex(typeof stepValue === 'string' ? stepValue : '0', steps.length) : 0;
    const onPage = steps.length > 1 ? keysOfStep(steps[at]!) : null;
    const { answers } = answersFromForm(form, position, onPage);
    const navValue = form.get(NAV_FIELD);
    const nav = typeof navValue === 'string' ? navValue : 'next';
    const state: ApplyFormState = { ...base, answers, step: at };

    const nextStep = onPage !== null && at < steps.length - 1 && nav !== 'send';
    if (nav === 'back' || nav === 'refresh' || nextStep) await limiter.release(ctx.ip);
    if (nav === 'back') return draw({ ...state, step: Math.max(at - 1, 0) }, 200);
    if (nav === 'refresh') return draw(state, 200);
    if (nextStep) {
      const errors = await judgeStep(position, answers, onPage);
      return errors.length ? draw({ ...state, errors }, 400) : draw({ ...state, step: at + 1 }, 200);
    }

    const emailKey = emailKeyOf(position, answers);
    const email = emailKey && typeof answers[emailKey] === 'string' ? (answers[emailKey] as string).trim() : '';
    try {
      // The shared link's ?källa= / utm_source stays in the page's address, which the form posts to.
      const source = sourceTagOf(req.search);
      await apply(deps, { email, positionId: position.id, metadata: answers, bodyBytes: bytes, talentPool: form.get('talentPool') === 'on', ...(source ? { source } : {}) });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      return draw(refusal(err, state, { steps, emailKey, position }), err.status);
    }
    const search = new URLSearchParams(req.search);
    search.set('skickad', '1');
    ctx.status = 303;
    ctx.redirect(`${req.pathname}?${search.toString()}`);
  };
}

/** A refusal of the apply flow as the page shows it: at the field it is about, on that field's step. */
function refusal(err: HttpError, state: ApplyFormState, f: { steps: ReturnType<typeof stepsOf>; emailKey?: string; position: FormPosition }): ApplyFormState {
  const stepOf = (key: string | undefined) => {
    const i = key === undefined ? -1 : f.steps.findIndex((s) => keysOfStep(s).has(key));
    return i < 0 ? state.step : i;
  };
  if (err.status === 400 && Array.isArray(err.details)) {
    const errors = fieldErrorsOf(err.details);
    const withKey = errors.map((e) => (e.key === 'email' && f.emailKey ? { ...e, key: f.emailKey } : e));
    return { ...state, errors: withKey, step: stepOf(withKey[0]?.key) };
  }
  if (err.code === 'duplicate_application' && f.emailKey) {
    return { ...state, errors: [{ key: f.emailKey, validator: 'duplicate', message: sv.public.alreadyApplied }], step: stepOf(f.emailKey) };
  }
  if (err.code === 'position_closed' || err.status === 404) return { ...state, closed: err.status === 404 ? sv.public.positionClosed : err.message };
  if (err.status === 413) {
    const files = f.position.metadata.filter((m) => carriesFiles(m.type)).map((m) => m.key);
    if (files.length) return { ...state, errors: files.map((key) => ({ key, validator: 'fileSize', message: sv.public.tooLarge })), step: stepOf(files[0]) };
  }
  return { ...state, problem: err.status === 429 ? err.message : sv.public.loadError };
}
