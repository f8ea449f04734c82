import type { MetadataProperty } from '../types';
import { fixedKeyOf, kindOf } from '../answer-kinds';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import catalogue from '../../schemas/templates/form-blocks.json' with { type: 'json' };
import { fill } from '../fill';
import type { BuilderCatalog, BuilderForm, BuilderResult } from './types';
import { layout, topLevel } from './tree';

/** One of the spec's ready form blocks (schemas/templates/form-blocks.json). */
export interface FormBlock {
  id: string;
  title: string;
  description: string;
  metadata: MetadataProperty[];
}

/** The ready blocks the builder offers: summer-job choices and periods, driving licence, merits, referral. */
export const FORM_BLOCKS: readonly FormBlock[] = catalogue.blocks as unknown as FormBlock[];

const MONTH_DAY = /^\d{2}-\d{2}$/;

/** A block's period dates (MM-DD) in the coming summer: this year's until it has ended, then next year's. */
function inSummer(p: MetadataProperty, today: string): MetadataProperty {
  const d = p.data as { startDate?: unknown; endDate?: unknown } | null;
  if (kindOf(p.type) !== 'period' || !d || typeof d.startDate !== 'string' || typeof d.endDate !== 'string') return p;
  if (!MONTH_DAY.test(d.startDate) || !MONTH_DAY.test(d.endDate)) return p;
  const year = Number(today.slice(0, 4));
  const y = today.slice(5) > d.endDate ? year + 1 : year;
  return { ...p, data: { startDate: `${y}-${d.startDate}`, endDate: `${y}-${d.endDate}` } };
}

/**
 * Adds a ready block at the end of the form. Its keys are the spec's special keys, so a form
 * holds each block once: a second one (or a form that already has one of its keys, like the
 * standard form's form_referer) is refused with the block's name.
 */
export function addBlock(form: BuilderForm, blockId: string, catalog: BuilderCatalog, ctx: { today: string }): BuilderResult {
  const block = FORM_BLOCKS.find((b) => b.id === blockId);
  if (!block) return { ok: false, code: 'unknownType', message: `${sv.personFields.unknownBlock}: ${blockId}` };
  const taken = new Set(form.metadata.map((p) => p.key));
  if (block.metadata.some((p) => taken.has(p.key))) {
    return { ok: false, code: 'keyTaken', message: fill(sv.personFields.blockTaken, { block: block.title }) };
  }
  const added = block.metadata.map((p) => inSummer(structuredClone(p), ctx.today));
  const head = added[0] as MetadataProperty;
  const top = [...topLevel(form, catalog).map((p) => p.key), head.key];
  return { ok: true, key: head.key, form: { metadata: layout(top, [...form.metadata, ...added], catalog), nextKey: form.nextKey } };
}

/** Why a form cannot identify its applicant: no E-post field, or more than one. Null when it can. */
export function emailFieldProblem(metadata: readonly MetadataProperty[]): 'emailMissing' | 'emailTwice' | null {
  const n = metadata.filter((p) => p && fixedKeyOf(p.type) === 'form_email').length;
  if (n === 0) return 'emailMissing';
  return n > 1 ? 'emailTwice' : null;
}

/** True when the form asks for the applicant's name (a Förnamn or Efternamn field). */
function hasNameField(metadata: readonly MetadataProperty[]): boolean {
  return metadata.some((p) => p && [p.key, fixedKeyOf(p.type)].some((k) => k === 'form_firstname' || k === 'form_surname'));
}

/** The default form's consent checkboxes (the 'consent' block): a public form asks for them. */
const CONSENT_KEYS = new Set((FORM_BLOCKS.find((b) => b.id === 'consent')?.metadata ?? []).map((p) => p.key));

/**
 * What the builder warns about at once (issues 17 and 26): E-post missing or twice, no name
 * field, neither of the default form's consent checkboxes. Swedish texts.
 */
export function personWarnings(metadata: readonly MetadataProperty[]): string[] {
  const out: string[] = [];
  const email = emailFieldProblem(metadata);
  if (email) out.push(sv.personFields[email]);
  if (!hasNameField(metadata)) out.push(sv.personFields.nameMissing);
  if (!metadata.some((p) => p && CONSENT_KEYS.has(p.key))) out.push(sv.personFields.consentMissing);
  return out;
}
