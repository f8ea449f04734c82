import { answerFromPost, carriesFiles, type PostedAnswers } from '../../engine/answer-kinds';
import type { UiSchema } from '../../engine/build-form';
import { CARRY_FIELD } from '../../engine/steps';
import type { MetadataProperty } from '../../engine/types';
import type { PostedFile, PostedForm, PostedValue } from './form-body';

/** What the no-script apply path needs of a public position (PublicPosition). */
export interface FormPosition {
  id: number;
  metadata: MetadataProperty[];
  compiledForm: { uiSchema: UiSchema };
}

const dataUrl = (file: PostedFile) => `data:${file.type || 'application/octet-stream'};base64,${file.data.toString('base64')}`;

const filesOf = (form: PostedForm, key: string) => form.getAll(key).filter((f): f is PostedFile => typeof f !== 'string' && f.data.length > 0);

/**
 * The answers of a form posted without script, in the stored answer format: each field read
 * by its answer kind (engine/answer-kinds.ts answerFromPost) — a yes/no is true when sent, a
 * period its period with checked, a file a data URL as the script would send it, anything
 * else the text sent ('' is no answer).
 * Fields not on the page (`onPage`, the current step) come from the carried JSON of the page
 * before, files included (a file chosen on an earlier step travels on as the data URL the
 * script would send; it is judged at the send like any answer, issue 18).
 */
export function answersFromForm(form: PostedForm, p: FormPosition, onPage: ReadonlySet<string> | null): { answers: Record<string, unknown> } {
  const answers: Record<string, unknown> = {};
  const widgetOf = (key: string) => (p.compiledForm.uiSchema[key] as { 'ui:widget'?: string } | undefined)?.['ui:widget'];
  // Only a form in steps carries answers of other pages.
  const carried = onPage ? parseCarried(form.get(CARRY_FIELD)) : {};
  const posted: PostedAnswers = {
    has: (key) => form.has(key),
    text: (key) => {
      const value = form.get(key);
      return typeof value === 'string' && value !== '' ? value : undefined;
    },
    files: (key) => filesOf(form, key).map((f) => ({ filename: f.filename, type: f.type || 'application/octet-stream', data: dataUrl(f) })),
  };
  for (const prop of p.metadata) {
    const key = prop.key;
    if (widgetOf(key) === undefined) continue; // no answer of its own (group, radio, step)
    if (onPage && !onPage.has(key)) {
      if (Object.hasOwn(carried, key)) answers[key] = carried[key];
      continue;
    }
    const value = answerFromPost(prop, posted);
    if (value !== undefined) answers[key] = value;
  }
  return { answers };
}

/**
 * What the page drawn next shows and carries: every answer except the files of the fields on
 * it (`drawn`, its step's keys; null: the whole form), which a file input cannot show and so
 * asks for again. Files of the other steps stay, carried on in the page's hidden answers.
 */
export function shownAnswers(answers: Record<string, unknown>, p: FormPosition, drawn: ReadonlySet<string> | null): Record<string, unknown> {
  const typeOf = new Map(p.metadata.map((m) => [m.key, m.type]));
  return Object.fromEntries(Object.entries(answers).filter(([k]) => !(carriesFiles(typeOf.get(k)) && (drawn === null || drawn.has(k)))));
}

function parseCarried(raw: PostedValue | null): Record<string, unknown> {
  if (typeof raw !== 'string' || raw.length === 0) return {};
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
