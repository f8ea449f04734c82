import type { MetadataProperty } from '../../../engine/types';
import { cleanSourceTag } from '../../../engine/source-tag';

/** The question whose answer says where the applicant heard of the position (the default form's). */
const HEARD_KEY = 'form_referer';
const HEARD_LABEL = 'var hittade du annonsen?';

/** What an application keeps of where it came from (issue 30 item 4); absent fields were not given. */
export interface ApplicationSource {
  [k: string]: unknown;
  /** The shared link's `?källa=` / `utm_source` tag (engine/source-tag.ts). */
  tag?: string;
  /** The chosen option of 'Var hittade du annonsen?', as its label read when the application came. */
  heard?: string;
}

const plain = (s: string) => s.replace(/<[^>]*>/g, '').trim().slice(0, 100);

/**
 * The source kept on a new application: the link's tag when it is a valid one, and the label of
 * the option chosen in the form's 'Var hittade du annonsen?' question when the form has it (a
 * choice whose answer is one of its children's keys). Undefined when neither is there.
 */
export function sourceOf(metadata: readonly MetadataProperty[], answers: Record<string, unknown>, tag: unknown): ApplicationSource | undefined {
  const out: ApplicationSource = {};
  const clean = cleanSourceTag(tag);
  if (clean) out.tag = clean;
  const question = metadata.find((p) => p.key === HEARD_KEY || plain(p.label ?? '').toLowerCase() === HEARD_LABEL);
  const chosen = question ? answers[question.key] : undefined;
  if (question && Array.isArray(question.data) && typeof chosen === 'string' && question.data.includes(chosen)) {
    const option = metadata.find((p) => p.key === chosen);
    const label = option ? plain(option.label ?? '') : '';
    if (label) out.heard = label;
  }
  return out.tag || out.heard ? out : undefined;
}
