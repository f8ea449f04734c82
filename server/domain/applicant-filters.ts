import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { MetadataProperty } from '../../engine/types';
import { errors } from '../errors';
import { escapeRegex, sanitizeFilterValue } from '../store';
import type { Filter, Sort, Store } from '../store/port';
import { labelOf } from './containers';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from './docs';

const m = sv.applicants.server;

/** Sort orders of the applicant list: newest first (default), oldest first, by name. */
export type ApplicantSort = 'newest' | 'oldest' | 'name';

/**
 * The structured filter of a position's applicant list (issue 9). Every part is optional and
 * the parts combine with AND; the `answers` entries that belong to one form group (the
 * children of one checkbox group, or one radio group) combine with OR, so "Tjänster: Kassa,
 * Lager" means either.
 */
export interface ApplicantQuery {
  /** An Interest or a Process label (kept from the first version of the list call). */
  labelId?: number;
  /** A Process label (Processnivå), besides an Interest `labelId`. */
  processLabelId?: number;
  /** Text matched literally, case-insensitively in the name and email. */
  filter?: string;
  /** Answers to match: a checkbox or period (value true), a radio group's chosen child key. */
  answers?: { key: string; value: boolean | string }[];
  /** 'Har körkort och egen bil': own car (driverlicenseform_2) and a driving licence. */
  driverLicenceAndCar?: boolean;
  /** 'Ansökta tjänster': applicants who also applied to one of these positions. */
  appliedPositionIds?: number[];
  sort?: ApplicantSort;
}

export const CAR_KEY = 'driverlicenseform_2';
const LICENCE_KEYS = ['driverlicenseform_1', 'driverlicenseform_3'];
const LICENCE_YES = { key: 'licensetodriveform', value: 'licensetodrive_1' };

function parentOf(metadata: readonly MetadataProperty[], key: string): MetadataProperty | undefined {
  return metadata.find((p) => Array.isArray(p.data) && (p.data as unknown[]).includes(key));
}

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
  const path = `metadata.${prop.key}`;
  switch (prop.type) {
    case 'checkbox':
      if (entry.value !== true) bad(`/answers/${i}/value`);
      return { group: parentOf(metadata, prop.key)?.key ?? prop.key, cond: { [path]: true } };
    case 'periodCheckbox':
      if (entry.value !== true) bad(`/answers/${i}/value`);
      return { group: parentOf(metadata, prop.key)?.key ?? prop.key, cond: { [`${path}.checked`]: true } };
    case 'radioGroup': {
      const children = Array.isArray(prop.data) ? (prop.data as unknown[]) : [];
      if (typeof entry.value !== 'string' || !children.includes(entry.value)) bad(`/answers/${i}/value`);
      return { group: prop.key, cond: { [path]: entry.value } };
    }
    case 'radio': {
      const group = parentOf(metadata, prop.key);
      if (!group || entry.value !== true) bad(`/answers/${i}/value`);
      return { group: group.key, cond: { [`metadata.${group.key}`]: prop.key } };
    }
    default:
      return bad(`/answers/${i}/key`);
  }
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
 * The store filter for a position's applicants under `q`. Labels must be the container's;
 * answer keys must be the position's form's. Stays inside the store port's subset (equality,
 * $in, $or, $and, $regex).
 */
export async function applicantFilter(store: Store, c: ContainerDoc, p: PositionDoc, q: ApplicantQuery): Promise<Filter> {
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
  const text = q.filter?.trim();
  if (text) {
    const rx = { $regex: escapeRegex(text.slice(0, 100)), $options: 'i' };
    and.push({ $or: [{ 'info.name': rx }, { email: rx }] });
  }
  const groups = new Map<string, Filter[]>();
  (q.answers ?? []).forEach((entry, i) => {
    const { group, cond } = answerCondition(p.metadata, entry, i);
    groups.set(group, [...(groups.get(group) ?? []), cond]);
  });
  for (const list of groups.values()) and.push(list.length === 1 ? list[0]! : { $or: list });
  if (q.driverLicenceAndCar) and.push(...licenceAndCar(p.metadata));
  if (q.appliedPositionIds?.length) {
    const ids = q.appliedPositionIds.map((id, i) => sanitizeFilterValue(id, `/appliedPositionIds/${i}`));
    const others = await store
      .collection<ApplicationDoc>('applications')
      .find({ containerId: c.id, positionId: { $in: ids } }, { projection: { id: 1, email: 1 } });
    and.push({ email: { $in: [...new Set(others.map((a) => a.email))] } });
  }
  if (and.length) filter.$and = and;
  return filter;
}

/** The store sort of an order; ties on name are broken by id so every order is total. */
export function sortOf(sort: ApplicantSort = 'newest'): Sort {
  if (sort === 'oldest') return { id: 1 };
  if (sort === 'name') return { 'info.name': 1, id: 1 };
  return { id: -1 };
}

/** The cursor of a row under a sort: its id, or for names "<id>|<name>". */
export function cursorOf(a: Pick<ApplicationDoc, 'id' | 'info'>, sort: ApplicantSort = 'newest'): number | string {
  return sort === 'name' ? `${a.id}|${a.info?.name ?? ''}` : a.id;
}

function parseNameCursor(after: unknown): { id: number; name: string } {
  if (typeof after !== 'string') bad('/after');
  const bar = after.indexOf('|');
  const id = Number(after.slice(0, bar));
  if (bar < 1 || !Number.isSafeInteger(id) || id < 1) bad('/after');
  return { id, name: after.slice(bar + 1) };
}

/**
 * The condition "comes after `cursor` in `sort`" (or before, with `backwards`): the seek of
 * key paging. Names are not unique, so a name cursor also carries the id.
 */
export function seekCondition(cursor: unknown, sort: ApplicantSort = 'newest', backwards = false): Filter {
  if (sort === 'name') {
    const { id, name } = parseNameCursor(cursor);
    const op = backwards ? '$lt' : '$gt';
    return { $or: [{ 'info.name': { [op]: name } }, { 'info.name': name, id: { [op]: id } }] };
  }
  if (typeof cursor !== 'number' || !Number.isSafeInteger(cursor)) bad('/after');
  const ascending = sort === 'oldest';
  return { id: { [ascending !== backwards ? '$gt' : '$lt']: cursor } };
}

function flip(s: Sort): Sort {
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v === 1 ? -1 : 1])) as Sort;
}

function withSeek(filter: Filter, seek: Filter): Filter {
  // An id bound at the top level lets the embedded store walk its id index from the cursor.
  if ('id' in seek && !('id' in filter)) return { ...filter, ...seek };
  return { ...filter, $and: [...((filter.$and as Filter[] | undefined) ?? []), seek] };
}

export const LIST_PROJECTION = { notes: 0, logs: 0 } as const;

/** One batch under a filter and sort, paged by key: `next` is the cursor of the last row. */
export async function pageApplicants(store: Store, filter: Filter, sort: ApplicantSort | undefined, after: unknown, limit: number) {
  const apps = store.collection<ApplicationDoc>('applications');
  const query = after === undefined || after === null ? filter : withSeek(filter, seekCondition(after, sort));
  const docs = await apps.find(query, { sort: sortOf(sort), limit: limit + 1, projection: LIST_PROJECTION });
  const items = docs.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: docs.length > limit && last ? cursorOf(last, sort) : null };
}

/** Previous and next applicant of `current` in the list under `filter` and `sort`. */
export async function neighbours(store: Store, filter: Filter, sort: ApplicantSort | undefined, current: ApplicationDoc) {
  const apps = store.collection<ApplicationDoc>('applications');
  const cursor = cursorOf(current, sort);
  const order = sortOf(sort);
  const [prev, next] = await Promise.all([
    apps.findOne(withSeek(filter, seekCondition(cursor, sort, true)), { sort: flip(order), projection: { id: 1 } }),
    apps.findOne(withSeek(filter, seekCondition(cursor, sort)), { sort: order, projection: { id: 1 } }),
  ]);
  return { prev: prev?.id ?? null, next: next?.id ?? null };
}

/** Every id under a filter (for 'Välj alla'), in list order. */
export async function idsUnder(store: Store, filter: Filter, sort: ApplicantSort | undefined): Promise<number[]> {
  const list = await store.collection<ApplicationDoc>('applications').find(filter, { sort: sortOf(sort), projection: { id: 1 } });
  return list.map((a) => a.id);
}

/**
 * Counts under a filter: the total, and per Interest and Process label the count with the
 * rest of the filter kept (so each label's number is what choosing it would show).
 */
export async function countsUnder(store: Store, c: ContainerDoc, filter: Filter) {
  const apps = store.collection<ApplicationDoc>('applications');
  const { interestLabelId: _i, processLabelId: _p, ...rest } = filter;
  const labels = c.labels ?? [];
  const [total, ...perLabel] = await Promise.all([
    apps.count(filter),
    ...labels.map((l) => {
      const field = l.labelType === 'Interest' ? 'interestLabelId' : 'processLabelId';
      const other = l.labelType === 'Interest' ? 'processLabelId' : 'interestLabelId';
      return apps.count({ ...rest, ...(filter[other] !== undefined ? { [other]: filter[other] } : {}), [field]: l.id });
    }),
  ]);
  return { total, labels: labels.map((l, i) => ({ labelId: l.id, labelType: l.labelType, count: perLabel[i] ?? 0 })) };
}
