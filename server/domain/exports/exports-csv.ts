import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { specialFieldKey } from '../../../engine/answer-kinds';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { Store } from '../../store/port';
import { yieldToLoop } from '../../store/slices';
import { applicantFilter, type ApplicantQuery } from '../applicants/applicant-filters';
import { pageApplicants, type Cursor } from '../applicants/applicant-order';
import { anonymityOf, screenedForExport, screenedSort } from '../screening/screening';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import { answerColumns, answerText, appliedDate } from './exports';
import { ratingFor } from '../applicants/scorecards';
import { maskedForExport } from '../applicants/personnummer-view';
import { shielded } from '../applicants/protected-identity';
import { cell } from '../../../engine/csv';

/** Who exports: their level (what they may see) and what to call with the rows written (the read log). */
export interface ExportViewer {
  level?: string;
  onRows?: (ids: number[]) => void;
}

const col = sv.exports.columns;
/** Name, E-post, Telefon, Ort, Status, Processnivå, Ansökt: the ratings columns follow them. */
const FIXED = 7;
const sc = sv.scorecards;

/** The ratings columns' cells: the average (Swedish decimal comma) as the list shows it to the exporter, and how many rated. */
function ratingCells(a: ApplicationDoc, viewerId: number): [string, string] {
  const r = ratingFor(a, viewerId);
  if (r.count === 0) return ['', '0'];
  return [r.average === null ? sc.csvHidden : r.average.toLocaleString('sv-SE', { maximumFractionDigits: 2 }), String(r.count)];
}
/**
 * Rows read from the store per batch: memory holds one batch, whatever the total, and one batch
 * holds the event loop only briefly. 100, not 200: a colleague's request that arrives during a
 * batch waits for it (heavy-requests bench, 50,000 rows with four colleagues reading: others'
 * p99 2.09× quiet and longest answer 168 ms at 200; 1.81× and 120 ms at 100; the export alone
 * on an idle machine 2.3–3.7 s and 3.0–3.6 s, within the machine's noise).
 */
export const CSV_BATCH = 100;

// The formula guard is shared with the analysis page's downloads (engine/csv.ts).
export { cell };

/** Digits as written, with spaces, hyphens and one leading '+' (a phone number, a personnummer). */
const DIGITS = /^\+?\d[\d -]*$/;

/**
 * A value Swedish Excel would turn into a number and spoil — a leading 0 lost (0701234567 →
 * 701234567), a leading + dropped, 12 digits shown as 1,99E+11 — is written as the formula
 * `="0701234567"`, which every spreadsheet shows as that text. Chosen over a leading
 * apostrophe or tab, which Excel opening a CSV shows as part of the value (the apostrophe
 * trick works only when typing). Safe beside `cell()`'s neutralising: the formula is a
 * string constant of digits, spaces, hyphens and '+' only (no quote, letter or '(' can
 * reach it), so nothing in it can run; everything else goes through `cell()` unchanged.
 */
export function keepAsText(text: string): string {
  if (!DIGITS.test(text)) return cell(text);
  const digits = text.replace(/\D/g, '').length;
  return text.startsWith('0') || text.startsWith('+') || digits >= 12 ? `="${text}"` : text;
}

/**
 * The answer keys the fixed columns already hold (Namn, E-post, Telefon, Ort, from the
 * applicant's info): not repeated as answer columns. The home phone is the Telefon column
 * only on a form without a mobile one (engine/applicant.ts takes the mobile first).
 */
function shownInFixedColumns(metadata: readonly { key: string; type: string }[]): Set<string> {
  const keys = new Set(['form_firstname', 'form_surname', 'form_email', 'form_city', 'form_mobilePhone']);
  if (!metadata.some((m) => m.key === 'form_mobilePhone')) keys.add('form_homePhone');
  // A custom form's e-mail: the first e-mail field is the application's address.
  const email = specialFieldKey(metadata, 'form_email');
  if (email) keys.add(email);
  return keys;
}

/** Headers made unique: a second column with a label already used gets ' (2)', a third ' (3)'. */
function uniqueHeaders(labels: string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const key = label.trim().toLocaleLowerCase('sv');
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? label : `${label} (${n})`;
  });
}

/**
 * report.csv of a position's applicants under the list's filter and sort: UTF-8 with BOM,
 * `;` between fields (what Swedish Excel expects), written by csv-stringify one batch at a
 * time. Rows come from the store in key-paged batches as the reader pulls them (the stream
 * waits while the client is slow), so memory holds one batch whatever the total.
 */
export async function applicantsCsv(store: Store, c: ContainerDoc, p: PositionDoc, q: ApplicantQuery, viewerId = 0, viewer: ExportViewer = {}): Promise<Readable> {
  const filter = await applicantFilter(store, c, p, q, viewerId);
  const fixed = shownInFixedColumns(p.metadata ?? []);
  const columns = (await answerColumns(store, p)).filter((a) => !fixed.has(a.key));
  const labelName = new Map((c.labels ?? []).map((l) => [l.id, l.name]));
  // The answer columns' headers are form labels that staff write: a formula there runs in
  // the reader's spreadsheet as surely as one in an answer, so they are neutralised alike.
  const header = uniqueHeaders([col.name, col.email, col.phone, col.city, col.status, col.process, col.applied, sc.csvColumn, sc.csvCount, ...columns.map((a) => a.label)]).map(cell);
  const anonymity = anonymityOf(p);
  const row = (whole: ApplicationDoc) => {
    // Masked personnummer, and no contact data of a protected applicant unless an administrator exports (issue 28).
    const a = shielded(maskedForExport(screenedForExport(c, anonymity, whole)), viewer.level);
    return [
      a.info?.name ?? '',
      a.email ?? '',
      typeof a.info?.phone === 'string' ? a.info.phone : '',
      typeof a.info?.city === 'string' ? a.info.city : '',
      labelName.get(a.interestLabelId ?? -1) ?? '',
      labelName.get(a.processLabelId ?? -1) ?? '',
      appliedDate(a.created),
      ...columns.map((k) => answerText(k, a.metadata?.[k.key])),
    ].map(keepAsText);
  };
  // The ratings columns go after 'Ansökt' as they are: our own numbers and text, never a
  // value someone typed (keepAsText would make the count 0 a text formula).
  const line = (a: ApplicationDoc) => {
    const cells = row(a);
    return [...cells.slice(0, FIXED), ...ratingCells(a, viewerId), ...cells.slice(FIXED)];
  };

  const options = { delimiter: ';', record_delimiter: 'windows' } as const;
  // One chunk per batch: a chunk per row means a socket write per row.
  async function* chunks() {
    yield Buffer.from('\uFEFF' + stringify([header], options), 'utf8');
    let after: Cursor | null = null;
    do {
      // A turn of the event loop between batches: other users are answered while a long
      // report is written (the embedded store reads a batch synchronously).
      await yieldToLoop();
      const page = await pageApplicants(store, filter, screenedSort(p, q.sort), after, CSV_BATCH, viewerId);
      if (page.items.length) {
        viewer.onRows?.(page.items.map((a) => a.id));
        yield Buffer.from(stringify(page.items.map(line), options), 'utf8');
      }
      after = page.next;
    } while (after !== null);
  }
  return Readable.from(chunks(), { objectMode: false });
}
