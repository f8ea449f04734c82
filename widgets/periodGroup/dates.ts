import { formatStockholmDate } from '../../engine/dates';

/** A period date as YYYY-MM-DD in Europe/Stockholm: from unix seconds, a Date string, or an ISO date/time. */
export function formatDate(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return formatStockholmDate(value);
  if (typeof value !== 'string') return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : formatStockholmDate(time / 1000);
}

export interface Period {
  startDate: unknown;
  endDate: unknown;
}

/** The period a periodCheckbox's `data` holds, or undefined when it holds none. */
export function periodOf(data: unknown): Period | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { startDate, endDate } = data as Record<string, unknown>;
  if (startDate === undefined && endDate === undefined) return undefined;
  return { startDate, endDate };
}
