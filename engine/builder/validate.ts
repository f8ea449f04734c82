import type { MetadataProperty } from '../types';
import { kindOf } from '../answer-kinds';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { BuilderCatalog, BuilderForm, BuilderIssue } from './types';
import { byKey, childKeysOf } from './tree';
import { ruleIssues } from './rules';

const m = sv.builder;
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export interface AgeInPeriodDraft {
  startDate?: unknown;
  endDate?: unknown;
  minAge?: unknown;
  maxAge?: unknown;
}

function isRealDate(s: unknown): s is string {
  if (typeof s !== 'string' || !DATE_PATTERN.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/**
 * Spec document 2 §5, the age-in-period rule, with its exact messages: every field
 * required, ages not negative, start not after end, min not above max. Returns the message
 * per field that is wrong (empty object: valid).
 */
export function ageInPeriodIssues(d: AgeInPeriodDraft): Partial<Record<keyof AgeInPeriodDraft, string>> {
  const out: Partial<Record<keyof AgeInPeriodDraft, string>> = {};
  for (const f of ['startDate', 'endDate', 'minAge', 'maxAge'] as const) if (isBlank(d[f])) out[f] = m.fieldRequired;
  for (const f of ['startDate', 'endDate'] as const) if (!out[f] && !isRealDate(d[f])) out[f] = m.dateInvalid;
  for (const f of ['minAge', 'maxAge'] as const) {
    if (out[f]) continue;
    const n = Number(d[f]);
    if (!Number.isInteger(n)) out[f] = m.ageInvalid;
    else if (n < 0) out[f] = m.ageNegative;
  }
  if (!out.startDate && !out.endDate && (d.startDate as string) > (d.endDate as string)) {
    out.startDate = m.dateAfterEnd;
    out.endDate = m.dateBeforeStart;
  }
  if (!out.minAge && !out.maxAge && Number(d.minAge) > Number(d.maxAge)) {
    out.minAge = m.ageAboveMin;
    out.maxAge = m.ageBelowMax;
  }
  return out;
}

/** Allowed birth years are edited as a list and stored as comma-separated text ("2006,2007"). */
export function yearsToText(years: readonly (number | string)[]): string {
  return years.map((y) => String(y).trim()).filter((y) => y !== '').join(',');
}

export function textToYears(text: unknown): number[] {
  if (typeof text !== 'string' && typeof text !== 'number') return [];
  return String(text)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(Number);
}

export function allowedYearsIssue(data: unknown): string | undefined {
  const years = textToYears(data);
  if (years.length === 0) return m.yearsEmpty;
  if (years.some((y) => !Number.isInteger(y) || y < 1900 || y > 2100)) return m.yearsInvalid;
  return undefined;
}

function periodIssues(p: MetadataProperty): BuilderIssue[] {
  const d = (p.data ?? {}) as { startDate?: unknown; endDate?: unknown };
  const issues: BuilderIssue[] = [];
  for (const f of ['startDate', 'endDate'] as const) {
    if (isBlank(d[f])) issues.push({ key: p.key, path: `data.${f}`, message: m.fieldRequired });
    else if (!isRealDate(d[f])) issues.push({ key: p.key, path: `data.${f}`, message: m.dateInvalid });
  }
  if (issues.length === 0 && (d.startDate as string) > (d.endDate as string)) {
    issues.push({ key: p.key, path: 'data.endDate', message: m.dateBeforeStart });
  }
  return issues;
}

/**
 * Everything that makes a form unsaveable, each at its field: no label, a bad or duplicate
 * key, a group with no options, a period ending before it starts, bad validator data.
 */
export function validateForm(form: BuilderForm, catalog: BuilderCatalog): BuilderIssue[] {
  const issues: BuilderIssue[] = [];
  const seen = new Map<string, number>();
  for (const p of form.metadata) seen.set(p.key, (seen.get(p.key) ?? 0) + 1);
  const all = byKey(form.metadata);
  for (const p of form.metadata) {
    if (!KEY_PATTERN.test(p.key)) issues.push({ key: p.key, path: 'key', message: m.keyInvalid });
    else if ((seen.get(p.key) ?? 0) > 1) issues.push({ key: p.key, path: 'key', message: m.keyDuplicate });
    if (!catalog.has(p.type)) issues.push({ key: p.key, path: 'type', message: `${m.unknownType}: ${p.type}` });
    if (isBlank(p.label)) issues.push({ key: p.key, path: 'label', message: m.labelMissing });
    if (catalog.isGroup(p.type)) {
      const kids = childKeysOf(p);
      if (kids.length === 0) issues.push({ key: p.key, path: 'data', message: m.emptyOptions });
      for (const k of kids) if (!all.has(k)) issues.push({ key: p.key, path: 'data', message: `${m.unknownKey}: ${k}` });
    }
    if (kindOf(p.type) === 'period') issues.push(...periodIssues(p));
    for (const v of p.validators ?? []) {
      if (v.name === 'allowedYears' || v.name === 'allowedYearsBornSwe') {
        const msg = allowedYearsIssue(v.data);
        if (msg) issues.push({ key: p.key, path: `validators.${v.name}`, message: msg });
      }
      if (v.name === 'allowedAgeInPeriod') {
        const found = ageInPeriodIssues((v.data ?? {}) as AgeInPeriodDraft);
        for (const [f, msg] of Object.entries(found)) issues.push({ key: p.key, path: `validators.allowedAgeInPeriod.${f}`, message: msg });
      }
    }
  }
  issues.push(...ruleIssues(form, catalog));
  return issues;
}
