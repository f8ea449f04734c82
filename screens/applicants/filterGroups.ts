import { isBox, isBoxGroup, kindOf } from '../../engine/answer-kinds';
import type { MetadataProperty } from '../../engine/types';
import { SPECIAL_GROUP_KEYS } from '../../engine/builder/ops';
import sv from '../../schemas/messages/sv.json';
import type { AnswerChoice } from './query';

const t = sv.applicants.filters;

export interface ChoiceOption {
  choice: AnswerChoice;
  label: string;
}

/** One group of answer filters built from the position's form. */
export interface AnswerGroup {
  id: string;
  title: string;
  options: ChoiceOption[];
}

export const CAR_KEY = 'driverlicenseform_2';
const SERVICES = ['summerpositionchoicesform'];
const PERIODS = ['summerperiodsform', 'summerpositionperiodsform'];
const MERITS = ['requirementsform'];

/** A label as plain text (labels may be HTML, spec `isHtml`). */
export function plain(label: string | undefined): string {
  if (!label) return '';
  if (!/[<&]/.test(label)) return label;
  if (typeof DOMParser === 'undefined') return label.replace(/<[^>]*>/g, '');
  return new DOMParser().parseFromString(label, 'text/html').body.textContent?.trim() ?? '';
}

function childrenOf(metadata: readonly MetadataProperty[], p: MetadataProperty): MetadataProperty[] {
  const keys = Array.isArray(p.data) ? (p.data as unknown[]) : [];
  return keys.map((k) => metadata.find((m) => m.key === k)).filter((m): m is MetadataProperty => !!m);
}

function periodLabel(p: MetadataProperty): string {
  const d = p.data as { startDate?: string; endDate?: string } | undefined;
  return plain(p.label) || (d?.startDate && d.endDate ? `${d.startDate} – ${d.endDate}` : p.key);
}

function boxes(metadata: readonly MetadataProperty[], p: MetadataProperty, title: string): AnswerGroup | null {
  const options = childrenOf(metadata, p)
    .filter((c) => isBox(c))
    .map((c) => ({ choice: { key: c.key, value: true }, label: kindOf(c.type) === 'period' ? periodLabel(c) : plain(c.label) || t.untitled }));
  return options.length ? { id: p.key, title, options } : null;
}

/**
 * The answer filters of a form, in the spec's order: Tjänster, Perioder, Meriterande, the
 * form's other checkbox groups, its radio groups. 'Har körkort och egen bil' is its own
 * switch (hasCarFilter) and Status, Processnivå and Ansökta tjänster come from elsewhere.
 */
export function answerGroups(metadata: readonly MetadataProperty[]): { groups: AnswerGroup[]; hasCarFilter: boolean } {
  const groups: AnswerGroup[] = [];
  const byKey = (keys: string[]) => metadata.filter((p) => keys.includes(p.key));
  for (const p of byKey(SERVICES)) {
    const g = boxes(metadata, p, t.services);
    if (g) groups.push(g);
  }
  const periods = byKey(PERIODS).map((p) => boxes(metadata, p, t.periods)).filter((g): g is AnswerGroup => !!g);
  if (periods.length) groups.push({ id: 'periods', title: t.periods, options: periods.flatMap((g) => g.options) });
  for (const p of byKey(MERITS)) {
    const g = boxes(metadata, p, t.merits);
    if (g) groups.push(g);
  }
  for (const p of metadata) {
    if (isBoxGroup(p) && !SPECIAL_GROUP_KEYS.has(p.key)) {
      const g = boxes(metadata, p, plain(p.label) || t.untitled);
      if (g) groups.push(g);
    }
  }
  for (const p of metadata) {
    if (kindOf(p.type) !== 'choice' || SPECIAL_GROUP_KEYS.has(p.key)) continue;
    const options = childrenOf(metadata, p).map((c) => ({ choice: { key: p.key, value: c.key }, label: plain(c.label) || t.untitled }));
    if (options.length) groups.push({ id: p.key, title: plain(p.label) || t.untitled, options });
  }
  return { groups, hasCarFilter: metadata.some((p) => p.key === CAR_KEY) };
}
