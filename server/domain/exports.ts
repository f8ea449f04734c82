import { randomBytes } from 'node:crypto';
import { htmlToText } from '../../engine/sanitize';
import { formatIsoDate, stockholmDate } from '../../engine/dates';
import type { MetadataProperty } from '../../engine/types';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { Store } from '../store/port';
import type { ApplicantQuery } from './applicant-filters';
import type { PositionDoc, PositionFormDoc } from './docs';

const x = sv.exports;

/**
 * Export downloads in two steps, because the dispatcher answers JSON: the action checks the
 * request and answers a short-lived, single-use ticket; `GET /api/exports/<ticket>/<file>`
 * (server/routes/exports.ts, Bearer token of the same user, read right re-checked) streams
 * the file. Tickets live in this process only (one server process per store, see
 * docs/contracts.md) and expire after five minutes.
 */
export type ExportSpec =
  | { kind: 'csv'; containerId: number; positionId: number; query: ApplicantQuery }
  | { kind: 'pdf'; containerId: number; positionId: number; ids: number[] };

interface Ticket {
  userId: number;
  spec: ExportSpec;
  expires: number;
}

const TICKET_MS = 5 * 60_000;
export const CSV_NAME = 'report.csv';
export const PDF_NAME = 'ansokningar.pdf';
const tickets = new Map<string, Ticket>();

export function issueTicket(userId: number, spec: ExportSpec): { ticket: string; url: string; filename: string; expires: number } {
  const now = Date.now();
  for (const [k, t] of tickets) if (t.expires < now) tickets.delete(k);
  // A bound on memory if a client asks for tickets in a loop: the oldest go first.
  while (tickets.size >= 1000) tickets.delete(tickets.keys().next().value!);
  const ticket = randomBytes(24).toString('base64url');
  const expires = now + TICKET_MS;
  tickets.set(ticket, { userId, spec, expires });
  const filename = spec.kind === 'csv' ? CSV_NAME : PDF_NAME;
  return { ticket, url: `/api/exports/${ticket}/${filename}`, filename, expires: Math.floor(expires / 1000) };
}

/** Takes a ticket once: null when unknown, expired or issued to another user. */
export function takeTicket(ticket: string, userId: number): ExportSpec | null {
  const t = tickets.get(ticket);
  if (!t || t.userId !== userId) return null;
  tickets.delete(ticket);
  return t.expires >= Date.now() ? t.spec : null;
}

/** One column of answers: the field's key, type and label as plain text (and a radio group's option labels). */
export interface AnswerColumn {
  key: string;
  type: string;
  label: string;
  options?: ReadonlyMap<string, string>;
}

const NO_VALUE = new Set(['group', 'radio', 'periodGroup', 'imageBase64']);
const labelText = (prop: MetadataProperty) => htmlToText(prop.label ?? '') || x.noLabel;

/**
 * The answer columns of a position: the fields of its current form in order, then fields
 * that only older form versions had (applications keep the version they answered).
 */
export async function answerColumns(store: Store, p: PositionDoc): Promise<AnswerColumn[]> {
  const versions = await store.collection<PositionFormDoc>('positionForms').find({ positionId: p.id }, { sort: { version: -1 } });
  const all = [p.metadata ?? [], ...versions.map((v) => v.metadata ?? [])];
  const byKey = new Map<string, MetadataProperty>();
  for (const prop of all.flat()) if (!byKey.has(prop.key)) byKey.set(prop.key, prop);
  const seen = new Set<string>();
  const cols: AnswerColumn[] = [];
  for (const metadata of all) {
    for (const prop of [...metadata].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))) {
      if (seen.has(prop.key) || NO_VALUE.has(prop.type)) continue;
      seen.add(prop.key);
      const col: AnswerColumn = { key: prop.key, type: prop.type, label: labelText(prop) };
      if (prop.type === 'radioGroup' && Array.isArray(prop.data)) {
        col.options = new Map((prop.data as unknown[]).map((k) => [String(k), byKey.get(String(k)) ? labelText(byKey.get(String(k))!) : String(k)]));
      }
      cols.push(col);
    }
  }
  return cols;
}

/** An answer as text, in Swedish (Ja/Nej, the chosen option's label, file names). */
export function answerText(col: AnswerColumn, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  switch (col.type) {
    case 'checkbox':
      return value === true ? x.yes : x.no;
    case 'periodCheckbox':
      return (value as { checked?: unknown }).checked === true ? x.yes : x.no;
    case 'radioGroup':
      return col.options?.get(String(value)) ?? String(value);
    case 'file':
      return Array.isArray(value) ? value.map((f) => String((f as { filename?: unknown }).filename ?? '')).join(', ') : '';
    default:
      return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  }
}

export const appliedDate = (created: number) => formatIsoDate(stockholmDate(created));
