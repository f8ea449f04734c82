import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import { errors } from '../../errors';
import { neutralFiles } from './neutral-files';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import type { ApplicantSort } from '../applicants/applicant-order';

/**
 * Fair screening (issue 17 item 5), applied on the server so the answers never carry what is
 * hidden:
 * - age and gender (from the personnummer) only when an administrator has turned them on in
 *   the company profile (`showAge`, `showGender`; off unless set to true);
 * - a position's anonymous mode hides who the applicant is — name, photo, personnummer, age,
 *   gender, address, and the contact details that carry a name (e-mail, phone, LinkedIn) — from
 *   the list, the board and the applicant page until the applicant reaches the Process level
 *   the writer picked (or for good with no level). The application itself is unchanged.
 */

/** A position's anonymous mode: hidden until `untilProcessLabelId` (null: until it is turned off). */
export interface Anonymity {
  untilProcessLabelId: number | null;
}

/** A position's anonymous mode, or null when it is off. */
export function anonymityOf(p: Pick<PositionDoc, 'anonymous'>): Anonymity | null {
  const a = p.anonymous;
  return a && typeof a === 'object' ? { untilProcessLabelId: typeof a.untilProcessLabelId === 'number' ? a.untilProcessLabelId : null } : null;
}

/** Whether the organisation shows applicants' age and gender. */
export function profileShows(c: ContainerDoc): { age: boolean; gender: boolean } {
  return { age: c.profile?.showAge === true, gender: c.profile?.showGender === true };
}

function processLevels(c: ContainerDoc): number[] {
  return (c.labels ?? []).filter((l) => l.labelType === 'Process').map((l) => l.id);
}

/** Checks a writer's choice: the level must be one of the organisation's Process levels. */
export function checkAnonymity(c: ContainerDoc, a: Anonymity | null | undefined): void {
  if (!a || a.untilProcessLabelId === null) return;
  if (!processLevels(c).includes(a.untilProcessLabelId)) {
    const message = sv.personFields.anonymous.badLevel;
    throw errors.invalid([{ path: '/anonymous/untilProcessLabelId', message }], message);
  }
}

/**
 * True while an applicant at `processLabelId` is anonymous: the position is in anonymous mode
 * and the applicant has not reached the chosen level (Process levels in the organisation's
 * order, the board's columns). A level that no longer exists keeps everyone hidden.
 */
export function isAnonymous(c: ContainerDoc, anonymity: Anonymity | null | undefined, processLabelId: number | null | undefined): boolean {
  if (!anonymity) return false;
  if (anonymity.untilProcessLabelId === null) return true;
  const levels = processLevels(c);
  const reveal = levels.indexOf(anonymity.untilProcessLabelId);
  if (reveal < 0) return true;
  const at = processLabelId === null || processLabelId === undefined ? -1 : levels.indexOf(processLabelId);
  return at < reveal;
}

/** The Process levels at which a position's applicants are shown (null: everyone is, the mode is off). */
export function shownLevels(c: ContainerDoc, anonymity: Anonymity | null | undefined): number[] | null {
  if (!anonymity) return null;
  const levels = processLevels(c);
  const reveal = anonymity.untilProcessLabelId === null ? -1 : levels.indexOf(anonymity.untilProcessLabelId);
  return reveal < 0 ? [] : levels.slice(reveal);
}

/** The name an anonymous applicant goes by: 'Sökande <id>'. */
export function anonymousName(id: number): string {
  return fill(sv.personFields.anonymous.hiddenName, { id });
}

/** Answer keys that say who the applicant is (the person fields' special keys). */
const IDENTIFYING_KEYS = new Set([
  'form_firstname', 'form_surname', 'form_ssn', 'form_address', 'form_zipcode', 'form_city', 'form_email', 'form_mobilePhone',
  'form_homePhone', 'form_linkedInUrl',
]);
const PERSONNUMMER = /^\s*\d{8}[-+]?\d{4}\s*$/;
const PHOTO = /^data:image\//;

/** The answers without what identifies the person: the person fields, any personnummer, photos. */
export function anonymousAnswers(answers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(answers ?? {})) {
    if (IDENTIFYING_KEYS.has(k) || (typeof v === 'string' && (PERSONNUMMER.test(v) || PHOTO.test(v)))) continue;
    out[k] = v;
  }
  return out;
}

/**
 * What the applicant page says of the answers anonymous mode hides: their keys (the form's
 * person fields, and any answer left out as identifying) and the name of the Process level at
 * which they are shown (null: until the mode is turned off), so a hidden answer reads as
 * hidden and not as unanswered.
 */
export function hiddenAnswers(c: ContainerDoc, anonymity: Anonymity | null, formKeys: string[], answers: Record<string, unknown>): { keys: string[]; until: string | null } {
  const kept = anonymousAnswers(answers);
  const keys = new Set([...formKeys.filter((k) => IDENTIFYING_KEYS.has(k)), ...Object.keys(answers ?? {}).filter((k) => !(k in kept))]);
  const level = anonymity?.untilProcessLabelId == null ? undefined : (c.labels ?? []).find((l) => l.id === anonymity.untilProcessLabelId && l.labelType === 'Process');
  return { keys: [...keys], until: level?.name ?? null };
}

interface Info {
  [k: string]: unknown;
  firstname: string;
  lastname: string;
  name: string;
  email: string;
}

/** The applicant info an answer may carry: age and gender only where shown, nothing but a neutral name when anonymous. */
export function screenedInfo<T extends Info>(info: T, shows: { age: boolean; gender: boolean }, anonymousId: number | null): T | Info {
  if (anonymousId !== null) {
    const { emailNotificationSent } = info;
    return { firstname: '', lastname: '', name: anonymousName(anonymousId), email: '', ...(emailNotificationSent !== undefined ? { emailNotificationSent } : {}) };
  }
  const out: Record<string, unknown> = { ...info };
  if (!shows.age) {
    delete out.age;
    delete out.dateOfBirth;
  }
  if (!shows.gender) delete out.gender;
  return out as T;
}

/**
 * An application as an export may show it: unchanged, or, while the position's anonymous mode
 * hides it, with no e-mail, a neutral name, neutral file names and no identifying answers (report.csv and the PDF
 * alike, as the list shows it).
 */
export function screenedForExport(c: ContainerDoc, anonymity: Anonymity | null, a: ApplicationDoc): ApplicationDoc {
  if (!isAnonymous(c, anonymity, a.processLabelId)) return a;
  const { files, metadata } = neutralFiles(a.files, anonymousAnswers(a.metadata));
  return { ...a, email: '', info: { firstname: '', lastname: '', name: anonymousName(a.id), email: '' }, metadata, files };
}

/**
 * The order a position's list may use: while its anonymous mode is on, not by name (the order
 * alone, and the name in a name cursor, would say who is who), so 'name' is read as newest
 * first; the list screen does not offer it then.
 */
export function screenedSort(p: Pick<PositionDoc, 'anonymous'>, sort: ApplicantSort | undefined): ApplicantSort | undefined {
  return sort === 'name' && anonymityOf(p) ? 'newest' : sort;
}
