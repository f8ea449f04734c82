import { searchTextProblem } from '../../engine/search-text';
import type { ApplicantFilter } from '../../schemas/generated/actions';

/** The position page's filter and sort as the server takes it: the shared schema schemas/shared/applicant-filter.json. */
export type ApplicantQuery = ApplicantFilter;
export type Sort = NonNullable<ApplicantFilter['sort']>;
export type AnswerChoice = NonNullable<ApplicantFilter['answers']>[number];

const DEFAULT_QUERY: ApplicantQuery = {};

const KEY = (positionId: number) => `blankett.applicantFilter.${positionId}`;

/** The filter remembered for a position (spec: "filters and sort remembered per position"). */
export function loadQuery(positionId: number): ApplicantQuery {
  try {
    const raw = localStorage.getItem(KEY(positionId));
    if (!raw) return DEFAULT_QUERY;
    const q = JSON.parse(raw) as unknown;
    return q && typeof q === 'object' && !Array.isArray(q) ? clean(q as ApplicantQuery) : DEFAULT_QUERY;
  } catch {
    return DEFAULT_QUERY;
  }
}

export function saveQuery(positionId: number, q: ApplicantQuery): void {
  try {
    if (isDefault(q)) localStorage.removeItem(KEY(positionId));
    else localStorage.setItem(KEY(positionId), JSON.stringify(q));
  } catch {
    // A full or blocked storage only loses the memory of the filter, not the filter itself.
  }
}

/** Drops empty parts so an unchanged filter is the default and sends nothing. */
export function clean(q: ApplicantQuery): ApplicantQuery {
  const out: ApplicantQuery = {};
  if (Number.isSafeInteger(q.labelId)) out.labelId = q.labelId;
  if (Number.isSafeInteger(q.processLabelId)) out.processLabelId = q.processLabelId;
  // Text the server would refuse (too short for its index) is no filter at all.
  if (typeof q.filter === 'string' && !searchTextProblem(q.filter)) out.filter = q.filter.trim();
  if (Array.isArray(q.answers) && q.answers.length) {
    out.answers = q.answers.filter((a) => a && typeof a.key === 'string' && (typeof a.value === 'boolean' || typeof a.value === 'string'));
  }
  if (!out.answers?.length) delete out.answers;
  if (q.driverLicenceAndCar === true) out.driverLicenceAndCar = true;
  if (Array.isArray(q.appliedPositionIds) && q.appliedPositionIds.length) out.appliedPositionIds = q.appliedPositionIds.filter((n) => Number.isSafeInteger(n));
  if (!out.appliedPositionIds?.length) delete out.appliedPositionIds;
  if (typeof q.minRating === 'number' && q.minRating >= 1 && q.minRating <= 5) out.minRating = q.minRating;
  if (typeof q.rated === 'boolean') out.rated = q.rated;
  if (q.sort === 'oldest' || q.sort === 'name' || q.sort === 'rating') out.sort = q.sort;
  return out;
}

export function isDefault(q: ApplicantQuery): boolean {
  return Object.keys(clean(q)).length === 0;
}

export function hasAnswer(q: ApplicantQuery, choice: AnswerChoice): boolean {
  return !!q.answers?.some((a) => a.key === choice.key && a.value === choice.value);
}

export function toggleAnswer(q: ApplicantQuery, choice: AnswerChoice, on: boolean): ApplicantQuery {
  const rest = (q.answers ?? []).filter((a) => !(a.key === choice.key && a.value === choice.value));
  return clean({ ...q, answers: on ? [...rest, choice] : rest });
}

/**
 * Drops answers the position's form no longer offers (the form was edited since the filter
 * was remembered), so a stale filter never turns into a 400 and an empty page.
 */
export function fitToForm(q: ApplicantQuery, offered: (choice: AnswerChoice) => boolean, hasCarFilter: boolean): ApplicantQuery {
  return clean({ ...q, answers: q.answers?.filter(offered), driverLicenceAndCar: hasCarFilter ? q.driverLicenceAndCar : undefined });
}
