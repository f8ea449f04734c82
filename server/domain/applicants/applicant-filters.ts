import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { filterMatch } from '../../../engine/answer-kinds';
import type { MetadataProperty } from '../../../engine/types';
import { errors } from '../../errors';
import { pageByKey, sanitizeFilterValue, type Page } from '../../store';
import { slices, yieldToLoop } from '../../store/slices';
import { textCondition } from './search';
import type { Filter, Store } from '../../store/port';
import { labelOf } from '../organisations/containers';
import { anonymityOf, shownLevels } from '../screening/screening';
import { anonymousPositions } from '../screening/anonymous-screening';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import type { ApplicantFilter } from '../../../schemas/generated/actions';

const m = sv.applicants.server;


/**
 * The structured filter of a position's applicant list (issue 9). Every part is optional and
 * the parts combine with AND; the `answers` entries that belong to one form group (the
 * children of one checkbox group, or one radio group) combine with OR, so "Tjänster: Kassa,
 * Lager" means either.
 */
/** The filter as schemas/shared/applicant-filter.json declares it (each part's meaning is there). */
export type ApplicantQuery = ApplicantFilter;

const CAR_KEY = 'driverlicenseform_2';
const LICENCE_KEYS = ['driverlicenseform_1', 'driverlicenseform_3'];
const LICENCE_YES = { key: 'licensetodriveform', value: 'licensetodrive_1' };

function bad(path: string): never {
  throw errors.invalid([{ path, message: m.filterInvalid }], m.filterInvalid);
}

/**
 * One `answers` entry as a store condition plus the group it ORs with. Only keys of the
 * position's own form are accepted, and only choice fields (so no free text reaches a filter
 * path): a checkbox or period in a group, a radio group's chosen child.
 */
function answerCondition(metadata: readonly MetadataProperty[], entry: { key: string; value: boolean | string }, i: number) {
  const prop = metadata.find((p) => p.key === entry.key);
  if (!prop) bad(`/answers/${i}/key`);
  const match = filterMatch(metadata, prop, entry.value);
  if (typeof match === 'string') bad(`/answers/${i}/${match}`);
  return { group: match.group, cond: { [match.path]: match.value } };
}

function licenceAndCar(metadata: readonly MetadataProperty[]): Filter[] {
  const keys = new Set(metadata.map((p) => p.key));
  if (!keys.has(CAR_KEY)) bad('/driverLicenceAndCar');
  const licence: Filter[] = LICENCE_KEYS.filter((k) => keys.has(k)).map((k) => ({ [`metadata.${k}`]: true }));
  if (keys.has(LICENCE_YES.key)) licence.push({ [`metadata.${LICENCE_YES.key}`]: LICENCE_YES.value });
  const car: Filter = { [`metadata.${CAR_KEY}`]: true };
  return licence.length ? [car, { $or: licence }] : [car];
}

/**
 * The emails of everyone who applied to one of `positionIds` ('Ansökta tjänster'), read a
 * position and a page at a time with a turn of the event loop between pages: a position may
 * have tens of thousands of applicants.
 */
async function emailsOf(store: Store, c: ContainerDoc, positionIds: number[]): Promise<string[]> {
  const apps = store.collection<ApplicationDoc>('applications');
  const emails = new Set<string>();
  // A hidden applicant of another position (anonymous-screening.ts) is no one's match: the
  // match would tie their anonymous application to the named row here.
  const anonymous = await anonymousPositions(store, c);
  for (const positionId of positionIds) {
    const shown = anonymous.get(positionId);
    if (shown?.length === 0) continue;
    let after: number | string | null = null;
    do {
      await yieldToLoop();
      const page: Page<ApplicationDoc> = await pageByKey(apps, { positionId, containerId: c.id, ...(shown ? { processLabelId: { $in: shown } } : {}) }, { sortKey: 'id', direction: 1, after, limit: EMAIL_PAGE, projection: { id: 1, email: 1 } });
      for (const a of page.items) emails.add(a.email);
      after = page.next;
    } while (after !== null);
  }
  return [...emails];
}

const EMAIL_PAGE = 1000;

/**
 * Ids of the applicants of `positionId` who also applied to one of `others`: the other
 * positions' emails looked up in this position a slice at a time through the unique
 * (positionId, email) index. The list filter then carries ids of this position only (at most
 * its own applicant count), which the embedded store reads in id order without a sort.
 */
async function alsoAppliedTo(store: Store, c: ContainerDoc, positionId: number, others: number[], shown: number[] | null): Promise<number[]> {
  const apps = store.collection<ApplicationDoc>('applications');
  // Nor is a hidden applicant of this position found by their other applications.
  if (shown?.length === 0) return [];
  const emails = await emailsOf(store, c, others);
  const ids: number[] = [];
  for (const part of slices(emails, EMAIL_PAGE)) {
    await yieldToLoop();
    const level = shown ? { processLabelId: { $in: shown } } : {};
    for (const a of await apps.find({ positionId, email: { $in: part }, ...level }, { projection: { id: 1 } })) ids.push(a.id);
  }
  return ids;
}

/**
 * The store filter for a position's applicants under `q`. Labels must be the container's;
 * answer keys must be the position's form's. Stays inside the store port's subset (equality,
 * $in, $or, $and, $regex).
 */
export async function applicantFilter(store: Store, c: ContainerDoc, p: PositionDoc, q: ApplicantQuery, viewerId: number): Promise<Filter> {
  const filter: Filter = { containerId: c.id, positionId: p.id };
  const and: Filter[] = [];
  if (q.labelId !== undefined) {
    const label = labelOf(c, q.labelId);
    filter[label.labelType === 'Interest' ? 'interestLabelId' : 'processLabelId'] = label.id;
  }
  if (q.processLabelId !== undefined) {
    const label = labelOf(c, q.processLabelId, '/processLabelId');
    if (label.labelType !== 'Process') throw errors.invalid([{ path: '/processLabelId', message: sv.domain.labelWrongType }], sv.domain.labelWrongType);
    filter.processLabelId = label.id;
  }
  const rx = textCondition(q.filter, '/filter');
  // In anonymous mode only applicants whose identity is shown can be found by name or e-mail.
  const shown = shownLevels(c, anonymityOf(p));
  if (rx && !shown) and.push({ $or: [{ 'info.name': rx }, { email: rx }] });
  else if (rx && shown) and.push({ processLabelId: { $in: shown } }, { $or: [{ 'info.name': rx }, { email: rx }] });
  const groups = new Map<string, Filter[]>();
  (q.answers ?? []).forEach((entry, i) => {
    const { group, cond } = answerCondition(p.metadata, entry, i);
    groups.set(group, [...(groups.get(group) ?? []), cond]);
  });
  for (const list of groups.values()) and.push(list.length === 1 ? list[0]! : { $or: list });
  if (q.driverLicenceAndCar) and.push(...licenceAndCar(p.metadata));
  if (q.appliedPositionIds?.length) {
    const ids = q.appliedPositionIds.map((id, i) => sanitizeFilterValue(id, `/appliedPositionIds/${i}`)).filter((id): id is number => typeof id === 'number');
    and.push({ id: { $in: await alsoAppliedTo(store, c, p.id, ids, shown) } });
  }
  // Blind ratings: the average is the viewer's to compare only where they have rated themselves
  // (scorecards.ts), so 'Minst snittbetyg' keeps the applicants they rated with at least this
  // average and never one whose average is hidden from them (issue 24 item 4).
  if (q.minRating !== undefined) and.push({ ratedBy: viewerId, ratingAvg: { $gte: q.minRating } });
  if (q.rated !== undefined) and.push({ ratingAvg: { $exists: q.rated } });
  if (and.length) filter.$and = and;
  return filter;
}

/**
 * Counts under a filter: the total, and per Interest and Process label the count with the
 * rest of the filter kept (so each label's number is what choosing it would show).
 */
export async function countsUnder(store: Store, c: ContainerDoc, filter: Filter) {
  const apps = store.collection<ApplicationDoc>('applications');
  const { interestLabelId: _i, processLabelId: _p, ...rest } = filter;
  const labels = c.labels ?? [];
  // One count at a time with a turn of the event loop between: under a long id list each
  // count is real work on the embedded store, and other users wait for none of them in a row.
  const total = await apps.count(filter);
  const perLabel: number[] = [];
  for (const l of labels) {
    await yieldToLoop();
    const field = l.labelType === 'Interest' ? 'interestLabelId' : 'processLabelId';
    const other = l.labelType === 'Interest' ? 'processLabelId' : 'interestLabelId';
    perLabel.push(await apps.count({ ...rest, ...(filter[other] !== undefined ? { [other]: filter[other] } : {}), [field]: l.id }));
  }
  return { total, labels: labels.map((l, i) => ({ labelId: l.id, labelType: l.labelType, count: perLabel[i] ?? 0 })) };
}
