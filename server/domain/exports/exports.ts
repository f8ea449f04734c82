import { randomBytes } from 'node:crypto';
import { answerAsText, choiceLabels, hasColumn, kindOf, type AnswerKind } from '../../../engine/answer-kinds';
import { htmlToText } from '../../../engine/sanitize';
import { formatIsoDate, stockholmDate } from '../../../engine/dates';
import type { MetadataProperty } from '../../../engine/types';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { Store } from '../../store/port';
import { memoryTickets, type Coordination } from '../../coord/port';
import { HttpError } from '../../errors';
import { applicantFilter, type ApplicantQuery } from '../applicants/applicant-filters';
import type { ApplicationDoc, ContainerDoc, PositionDoc, PositionFormDoc } from '../core/docs';

const x = sv.exports;

/**
 * Export downloads in two steps, because the dispatcher answers JSON: the action checks the
 * request and answers a short-lived, single-use ticket; `GET /api/exports/<ticket>/<file>`
 * (server/routes/exports.ts, Bearer token of the same user, read right re-checked) streams
 * the file. Tickets are kept in the coordination's ticket store (server/coord: Redis when
 * REDIS_URL is set, so a ticket made on one instance downloads once through any; this
 * process otherwise) and expire after five minutes.
 */
export type ExportSpec =
  | { kind: 'csv'; containerId: number; positionId: number; query: ApplicantQuery }
  | { kind: 'pdf'; containerId: number; positionId: number; ids: number[] };

const TICKET_MS = 5 * 60_000;
export const CSV_NAME = 'report.csv';
export const PDF_NAME = 'ansokningar.pdf';
const processTickets = memoryTickets();
const ticketsOf = (coord: Coordination | undefined) => coord?.tickets ?? processTickets;

/** A store that cannot keep or give a ticket now (Redis away): refused, the user asks again. */
async function orUnavailable<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch {
    throw new HttpError(503, 'unavailable', sv.coord.unavailable);
  }
}

export async function issueTicket(coord: Coordination | undefined, userId: number, spec: ExportSpec) {
  const ticket = randomBytes(24).toString('base64url');
  const expires = Date.now() + TICKET_MS;
  // Kept under the ticket and its user together: another user's attempt finds nothing and uses nothing up.
  await orUnavailable(ticketsOf(coord).put(`${ticket}\n${userId}`, JSON.stringify(spec), TICKET_MS));
  const filename = spec.kind === 'csv' ? CSV_NAME : PDF_NAME;
  return { ticket, url: `/api/exports/${ticket}/${filename}`, filename, expires: Math.floor(expires / 1000) };
}

/** Takes a ticket once, on any instance: null when unknown, expired, used or issued to another user. */
export async function takeTicket(coord: Coordination | undefined, ticket: string, userId: number): Promise<ExportSpec | null> {
  const text = await orUnavailable(ticketsOf(coord).take(`${ticket}\n${userId}`));
  return text ? (JSON.parse(text) as ExportSpec) : null;
}

/** One column of answers: the field's key, answer kind and label as plain text (and a choice's option labels). */
export interface AnswerColumn {
  key: string;
  kind: AnswerKind;
  label: string;
  options?: ReadonlyMap<string, string>;
}

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
      const kind = kindOf(prop.type);
      if (seen.has(prop.key) || !hasColumn(kind)) continue;
      seen.add(prop.key);
      const col: AnswerColumn = { key: prop.key, kind, label: labelText(prop) };
      if (kind === 'choice') col.options = choiceLabels(prop, byKey, labelText);
      cols.push(col);
    }
  }
  return cols;
}

/** An answer as text, in Swedish (Ja/Nej, the chosen option's label, file names): engine/answer-kinds.ts. */
export function answerText(col: AnswerColumn, value: unknown): string {
  return answerAsText(col.kind, value, col.options);
}

export const appliedDate = (created: number) => formatIsoDate(stockholmDate(created));

/** How many of the position's applicants the query matches for `viewerId` (building its filter: a bad one is a 400). */
export async function countMatching(store: Store, c: ContainerDoc, p: PositionDoc, query: ApplicantQuery, viewerId: number): Promise<number> {
  return store.collection<ApplicationDoc>('applications').count(await applicantFilter(store, c, p, query, viewerId));
}

/** How many of these application ids belong to the position. */
export function countOfPosition(store: Store, positionId: number, ids: number[]): Promise<number> {
  return store.collection<ApplicationDoc>('applications').count({ id: { $in: ids }, positionId });
}
