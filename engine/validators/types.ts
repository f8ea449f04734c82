import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../fill';

/** What a rule may read at validation time besides the answer (never compiled in). */
export interface RuntimeContext {
  now?: Date;
  /** Unix seconds. */
  positionStart?: number;
}

/** A group's children as the group-level rules see them. */
export interface GroupChild {
  key: string;
  type: string;
}

interface GroupPrepared<D> {
  key: string;
  children: GroupChild[];
  data: D;
}

/**
 * The code half of a validator (the data half is schemas/validators/<name>.json).
 * `prepare` turns stored data into what `check` reads, once per compiled template, and
 * throws a DataError naming the problem when the data is unusable.
 */
export interface ValidatorImpl<D = unknown> {
  name: string;
  level: 'value' | 'group';
  prepare(data: unknown): D;

  /** value-level: the field's answer; group-level: the whole answers object. */
  check(value: unknown, prepared: D, rt: RuntimeContext, group?: GroupPrepared<D>): boolean;
  /** How the data reads inside a message where `#DATA#` stands. */
  formatData?(data: unknown): string;
  /**
   * An empty or absent answer that fails this rule is reported as `required` ('Fältet är
   * obligatoriskt', engine/messages.ts), not with the rule's own message: 'Texten måste vara
   * minst 1 tecken långt' is about lengths, not about a field left empty (issue 26).
   */
  emptyIsRequired?: boolean;
}

export type DataProblem = keyof typeof sv.engine.dataProblems;

/** A validator's `data` that cannot be used: which problem, and in Swedish what is wrong. */
export class DataError extends Error {
  readonly code: DataProblem;
  constructor(code: DataProblem, values: Record<string, string> = {}) {
    super(fill(sv.engine.dataProblems[code], values));
    this.name = 'DataError';
    this.code = code;
  }
}

export function toCount(data: unknown, what: string): number {
  const n = typeof data === 'string' ? Number(data.trim()) : data;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new DataError('wholeNumber', { what });
  return n;
}

export function toYear(data: unknown): number {
  const n = typeof data === 'string' ? Number(data.trim()) : data;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1900 || n > 2100) throw new DataError('year');
  return n;
}

export function toYears(data: unknown): Set<number> {
  if (typeof data !== 'string' || data.trim() === '') throw new DataError('years');
  return new Set(data.split(',').map((part) => toYear(part)));
}

/** "2006,2007,2008" reads as "2006, 2007 eller 2008". */
export function formatYears(data: unknown): string {
  if (typeof data !== 'string') return String(data ?? '');
  const years = data.split(',').map((y) => y.trim()).filter(Boolean);
  if (years.length <= 1) return years.join('');
  return `${years.slice(0, -1).join(', ')} eller ${years[years.length - 1]}`;
}

export { isBlank } from './blank';

/** A four-digit year written as the answer, or null. */
export function yearOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value !== 'string' || !/^\s*\d{4}\s*$/.test(value)) return null;
  return Number(value.trim());
}

