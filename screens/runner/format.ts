import sv from '../../schemas/messages/sv.json';
import { formatStockholmDate, formatStockholmDateTime } from '../../engine/dates';
import { DROP_CONTENT } from '../../engine/html-escape';
import { rightLabel } from '../shared/rights';
import type { ScreenColumn } from './types';

// One formatter and one collator for every cell (toLocaleString / localeCompare with a locale build a new one per call).
const numberFormat = new Intl.NumberFormat('sv-SE');
const collator = new Intl.Collator('sv');

const BLOCKS = 'p, div, li, h1, h2, h3, h4, h5, h6, blockquote, pre, ul, ol';

/**
 * Plain text of staff-written HTML for a cell (htmlToText of engine/sanitize.ts without loading
 * the sanitiser: the text is drawn as text, never as markup). The browser's parser reads it into
 * an inert document (nothing runs or loads); what the policy drops with its content goes, block
 * ends and line breaks become spaces.
 */
function htmlText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const el of body.querySelectorAll(DROP_CONTENT.join(','))) el.remove();
  for (const el of body.querySelectorAll('br, hr')) el.replaceWith(' ');
  for (const el of body.querySelectorAll(BLOCKS)) el.append(' ');
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Unix seconds from a stored time (unix seconds, or an ISO string); null when it is neither. */
function seconds(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v !== '') {
    const ms = Date.parse(v);
    return Number.isNaN(ms) ? null : ms / 1000;
  }
  return null;
}

/** A cell's text by the column's format (dates in Europe/Stockholm, YYYY-MM-DD [HH:mm]). */
export function formatCell(value: unknown, format: ScreenColumn['format'] = 'text'): string {
  if (value === undefined || value === null || value === '') return '';
  switch (format) {
    case 'date': {
      const s = seconds(value);
      return s === null ? String(value) : formatStockholmDate(s);
    }
    case 'datetime': {
      const s = seconds(value);
      return s === null ? String(value) : formatStockholmDateTime(s);
    }
    case 'number':
      return typeof value === 'number' ? numberFormat.format(value) : String(value);
    case 'boolean':
      return value ? sv.screens.yes : sv.screens.no;
    case 'list':
      return Array.isArray(value) ? value.map((v) => (typeof v === 'object' && v !== null ? String((v as { name?: unknown }).name ?? '') : String(v))).join(', ') : String(value);
    case 'excerpt': {
      const text = htmlText(String(value));
      return text.length > 160 ? `${text.slice(0, 159)}…` : text;
    }
    case 'event':
      return eventName(String(value));
    case 'counts':
      return countsText(value);
    case 'rights':
      return Array.isArray(value) ? value.map((v) => rightLabel(String(v))).join(', ') : rightLabel(String(value));
    case 'scopes':
      return (Array.isArray(value) ? value : [value]).map((v) => scopeNames[String(v)] ?? String(v)).join(', ');
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

const scopeNames: Record<string, string> = sv.apiKeyScopes;

const events: { unknown: string; actions: Record<string, string>; counts: Record<string, string> } = sv.events;

/** The Swedish name of an event log action key; never the raw key (tests/unit/screens/events-format.test.ts covers every write action). */
function eventName(action: string): string {
  return events.actions[action] ?? events.unknown;
}

/** An event's counts as 'Ansökningar: 3, Filer: 2' (zeros left out). */
function countsText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  return Object.entries(value)
    .filter(([, n]) => n !== 0)
    .map(([k, n]) => `${events.counts[k] ?? k}: ${numberFormat.format(Number(n))}`)
    .join(', ');
}

/** Sort comparison of two cell values: numbers and times numerically, text in Swedish order. */
export function compareCells(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null || a === '') return 1;
  if (b === undefined || b === null || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** The css modifier of a status cell ('Öppen' → open). */
export function statusClass(value: unknown): string {
  const v = String(value).toLowerCase();
  return v === 'öppen' ? 'open' : v === 'stängd' ? 'closed' : v === 'arkiverad' ? 'archived' : 'other';
}
