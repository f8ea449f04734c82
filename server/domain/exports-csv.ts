import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { Store } from '../store/port';
import { yieldToLoop } from '../store/slices';
import { applicantFilter, pageApplicants, type ApplicantQuery } from './applicant-filters';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from './docs';
import { answerColumns, answerText, appliedDate } from './exports';

const col = sv.exports.columns;
/** Rows read from the store per batch: memory holds one batch, whatever the total, and one batch holds the event loop only briefly. */
export const CSV_BATCH = 200;

/**
 * A spreadsheet program runs a cell that starts with = + - @ as a formula (CSV injection);
 * such text gets a leading apostrophe. Plain numbers and phone numbers (+46 70…) stay.
 */
export function cell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !/^[+-]?[\d\s().-]+$/.test(text) ? `'${text}` : text;
}

/**
 * report.csv of a position's applicants under the list's filter and sort: UTF-8 with BOM,
 * `;` between fields (what Swedish Excel expects), written by csv-stringify one batch at a
 * time. Rows come from the store in key-paged batches as the reader pulls them (the stream
 * waits while the client is slow), so memory holds one batch whatever the total.
 */
export async function applicantsCsv(store: Store, c: ContainerDoc, p: PositionDoc, q: ApplicantQuery): Promise<Readable> {
  const filter = await applicantFilter(store, c, p, q);
  const columns = await answerColumns(store, p);
  const labelName = new Map((c.labels ?? []).map((l) => [l.id, l.name]));
  // The answer columns' headers are form labels that staff write: a formula there runs in
  // the reader's spreadsheet as surely as one in an answer, so they are neutralised alike.
  const header = [col.name, col.email, col.phone, col.city, col.status, col.process, col.applied, ...columns.map((a) => a.label)].map(cell);
  const row = (a: ApplicationDoc) => [
    a.info?.name ?? '',
    a.email ?? '',
    typeof a.info?.phone === 'string' ? a.info.phone : '',
    typeof a.info?.city === 'string' ? a.info.city : '',
    labelName.get(a.interestLabelId ?? -1) ?? '',
    labelName.get(a.processLabelId ?? -1) ?? '',
    appliedDate(a.created),
    ...columns.map((k) => answerText(k, a.metadata?.[k.key])),
  ].map(cell);

  const options = { delimiter: ';', record_delimiter: 'windows' } as const;
  // One chunk per batch: a chunk per row means a socket write per row.
  async function* chunks() {
    yield Buffer.from('\uFEFF' + stringify([header], options), 'utf8');
    let after: unknown = undefined;
    do {
      // A turn of the event loop between batches: other users are answered while a long
      // report is written (the embedded store reads a batch synchronously).
      await yieldToLoop();
      const page = await pageApplicants(store, filter, q.sort, after, CSV_BATCH);
      if (page.items.length) yield Buffer.from(stringify(page.items.map(row), options), 'utf8');
      after = page.next;
    } while (after !== null);
  }
  return Readable.from(chunks(), { objectMode: false });
}
