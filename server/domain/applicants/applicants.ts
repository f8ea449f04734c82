import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import { pageByKey } from '../../store';
import { findByIds } from '../../store/slices';
import { textCondition } from './search';
import { emailSearchable } from './protected-identity';
import type { Filter, Store } from '../../store/port';
import { labelOf, loadContainer } from '../organisations/containers';
import type { ApplicationDoc, ContainerDoc, LabelDoc, LogEntry, PositionDoc, PositionFormDoc } from '../core/docs';
import { ageAt } from '../../../engine/dates';
import { applicantFilter, type ApplicantQuery } from './applicant-filters';
import { pageApplicants } from './applicant-order';
import { openCursor, sealCursor } from '../core/list-cursor';
import { ratingFor } from './scorecards';
import { notHiddenCondition } from '../screening/anonymous-screening';
import { conversationIdOf } from '../screening/chat-screening';
import { neutralFiles } from '../screening/neutral-files';
import { anonymityOf, anonymousAnswers, hiddenAnswers, isAnonymous, profileShows, screenedInfo, screenedSort, type Anonymity } from '../screening/screening';
import type { ActionData } from '../../../schemas/generated/actions';
import { maskedAnswers, maskedInfo, showsFullSsn } from './personnummer-view';
import { seesProtected, shielded } from './protected-identity';
import { recordReads, type Reader } from '../gdpr/read-log';
import { shownFormOf } from '../forms/compiled-form';

const m = sv.domain;
const BATCH = 30;

export async function loadApplication(store: Store, id: number): Promise<ApplicationDoc> {
  const a = await store.collection<ApplicationDoc>('applications').findOne({ id });
  if (!a) throw errors.notFound();
  return a;
}

/** Applications by id, each once; 404 in Swedish when any of them is gone. */
export async function loadApplications(store: Store, ids: number[]): Promise<ApplicationDoc[]> {
  const unique = [...new Set(ids)];
  const found = await findByIds(store.collection<ApplicationDoc>('applications'), unique);
  if (found.length !== unique.length) throw errors.notFound(sv.applicants.server.applicantsGone);
  return found;
}

function labelsOf(c: ContainerDoc, a: Pick<ApplicationDoc, 'interestLabelId' | 'processLabelId'>): LabelDoc[] {
  return (c.labels ?? []).filter((l) => l.id === a.interestLabelId || l.id === a.processLabelId);
}

/** What a list row needs of its position: the name, and the anonymous mode (screening.ts). */
interface RowPosition {
  name: string;
  anonymous?: Anonymity | null;
}

async function positionNames(store: Store, ids: number[]): Promise<Map<number, RowPosition>> {
  const list = await store
    .collection<{ id: number; name: string; anonymous?: Anonymity | null }>('positions')
    .find({ id: { $in: [...new Set(ids)] } }, { projection: { id: 1, name: 1, anonymous: 1 } });
  return new Map(list.map((p) => [p.id, { name: p.name, anonymous: anonymityOf(p) }]));
}

const NO_POSITION: RowPosition = { name: '' };

// A personnummer as the forms take it: 12 digits (spec), one '-' or '+' before the last four.
// Ten-digit answers are left alone: they are phone numbers ('0701234567'), not personnummer.
const PERSONNUMMER = /^\s*\d{8}[-+]?\d{4}\s*$/;

/**
 * Lists never carry a personnummer (docs/contracts.md): not in `info`, and not in the answers
 * either — the form's ssn key, or any other answer that is one (custom ssn fields).
 */
function withoutPersonnummer(metadata: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(metadata ?? {})) {
    if (k === 'form_ssn' || (typeof v === 'string' && PERSONNUMMER.test(v))) continue;
    out[k] = v;
  }
  return out;
}

/**
 * A list row: everything but the notes, logs and personnummer; `age` derived for display.
 * Screened (screening.ts): age and gender only where the organisation shows them, and an
 * applicant of a position in anonymous mode carries no name, contact, address or photo.
 * `rating` has the average only for a viewer who has rated the application (scorecards.ts).
 */
function listItem(c: ContainerDoc, whole: ApplicationDoc, position: RowPosition, now: number, viewerId = 0, level?: string) {
  // Protected identity (protected-identity.ts): no address or contact data unless an administrator reads.
  const a = shielded(whole, level);
  // The personnummer masked, '19900101-XXXX' (personnummer-view.ts).
  const info = maskedInfo(a.info ?? ({} as ApplicationDoc['info']));
  const age = typeof info.dateOfBirth === 'string' ? ageAt(info.dateOfBirth, now) : null;
  const hidden = isAnonymous(c, position.anonymous, a.processLabelId);
  const email = hidden ? '' : a.email;
  // File names often carry the name ('CV Anna Alm.pdf'): neutral while hidden (anonymous-screening.ts).
  const screened = hidden ? neutralFiles(a.files, anonymousAnswers(a.metadata)) : null;
  return {
    id: a.id,
    created: a.created,
    containerId: a.containerId,
    positionId: a.positionId,
    position: { id: a.positionId, name: position.name },
    userId: email,
    email,
    user: { email },
    info: screenedInfo({ ...info, ...(age !== null ? { age } : {}) }, profileShows(c), hidden ? a.id : null),
    ...(hidden ? { anonymous: true as const } : {}),
    metadata: screened ? screened.metadata : withoutPersonnummer(a.metadata),
    formVersion: a.formVersion,
    interestLabelId: a.interestLabelId,
    processLabelId: a.processLabelId,
    labels: labelsOf(c, a),
    files: screened ? screened.files : (a.files ?? []),
    notesCount: a.notesCount ?? a.notes?.length ?? 0,
    rating: ratingFor(a, viewerId),
    ...(a.protectedIdentity === true ? { protectedIdentity: true as const } : {}),
  };
}

/** get_applicantPositionByLabel's data: a position, or -1 / undefined for all positions of the container. */
export type ListQuery = ActionData['get_applicantPositionByLabel'];

/**
 * One batch (30) of a container's or a position's applicants, newest first, paged by id
 * (`next` is the key to pass as `after`). `labelId` may be an Interest or a Process label of
 * the container; `filter` matches name or email, literally and case-insensitively.
 */
export async function listApplicants(deps: ServerDeps, q: ListQuery, viewerId?: number, reader?: Reader) {
  const c = await loadContainer(deps.store, q.containerId);
  const filter: Filter = { containerId: c.id };
  if (q.positionId !== undefined && q.positionId !== -1) filter.positionId = q.positionId;
  if (q.labelId !== undefined) {
    const label = labelOf(c, q.labelId);
    filter[label.labelType === 'Interest' ? 'interestLabelId' : 'processLabelId'] = label.id;
  }
  const rx = textCondition(q.filter, '/filter');
  if (rx) {
    // A text probe never matches a hidden applicant (anonymous-screening.ts): the row would say the name fits.
    const notHidden = await notHiddenCondition(deps.store, c);
    filter.$and = [{ $or: [{ 'info.name': rx }, emailSearchable(reader?.role, rx)] }, ...(notHidden ? [notHidden] : [])];
  }
  const page = await pageByKey(deps.store.collection<ApplicationDoc>('applications'), filter, {
    sortKey: 'id',
    direction: -1,
    after: q.after,
    limit: BATCH,
    projection: { notes: 0, logs: 0 },
  });
  const [names, items] = await Promise.all([
    positionNames(deps.store, page.items.map((a) => a.positionId)),
    withNoteCounts(deps.store, page.items),
  ]);
  const now = deps.now();
  // A text filter is a search, and a system's list through an API key takes every applicant it
  // returns: who it returned is logged (read-log.ts). A staff member's unfiltered list is not.
  if (reader && (rx || reader.apiKeyId !== undefined)) recordReads(deps, reader, 'search', items.map((a) => a.id));
  return { items: items.map((a) => listItem(c, a, names.get(a.positionId) ?? NO_POSITION, now, viewerId, reader?.role)), next: page.next };
}

/**
 * One batch (30) of a position's applicants under the structured filter (applicant-filters.ts),
 * in the chosen order, paged by key: pass `next` as `after`.
 */
export async function listPositionApplicants(deps: ServerDeps, c: ContainerDoc, p: PositionDoc, q: ApplicantQuery & { after?: unknown }, viewerId?: number, reader?: Reader) {
  const viewer = viewerId ?? 0;
  const filter = await applicantFilter(deps.store, c, p, q, viewer);
  const sort = screenedSort(p, q.sort);
  // `next` and `after` are sealed (list-cursor.ts): nothing of the order is readable or made up.
  const scope = { viewerId: viewer, positionId: p.id, sort: sort ?? 'newest' };
  const after = q.after === undefined ? null : openCursor(deps, q.after, scope);
  const page = await pageApplicants(deps.store, filter, sort, after, BATCH, viewer);
  const now = deps.now();
  const items = await withNoteCounts(deps.store, page.items);
  if (reader && q.filter?.trim()) recordReads(deps, reader, 'search', items.map((a) => a.id));
  return {
    items: items.map((a) => listItem(c, a, { name: p.name, anonymous: anonymityOf(p) }, now, viewerId, reader?.role)),
    next: page.next && sealCursor(deps, page.next, scope),
  };
}

/** One application with the form version it answered, notes, log and labels. */
export async function applicantView(deps: ServerDeps, a: ApplicationDoc, viewerId?: number, reader?: Reader) {
  const c = await loadContainer(deps.store, a.containerId);
  const [names, form] = await Promise.all([
    positionNames(deps.store, [a.positionId]),
    deps.store.collection<PositionFormDoc>('positionForms').findOne({ positionId: a.positionId, version: a.formVersion }),
  ]);
  const position = names.get(a.positionId) ?? NO_POSITION;
  const base = listItem(c, a, position, deps.now(), viewerId, reader?.role);
  const full = !base.anonymous && showsFullSsn(c, reader?.role);
  const answers = shielded(a, reader?.role).metadata ?? {};
  if (reader) {
    // Each read is logged (read-log.ts); the full personnummer and protected contact data each as their own kind.
    recordReads(deps, reader, 'applicant', [a.id]);
    if (full && a.info?.ssn) recordReads(deps, reader, 'personnummer', [a.id]);
    if (a.protectedIdentity === true && seesProtected(reader.role)) recordReads(deps, reader, 'protected', [a.id]);
  }
  const formKeys = (form?.metadata ?? []).map((f) => f.key);
  // The link to the person's conversation: never while anonymous (it would name them).
  const conversationId = base.anonymous ? null : await conversationIdOf(deps.store, a.containerId, a.email);
  // Staff reading one application see the personnummer in full where the organisation allows their role (personnummer-view.ts), masked otherwise; never while anonymous.
  return {
    ...base,
    info: base.anonymous ? base.info : { ...base.info, ...(a.info?.ssn ? { ssn: full ? a.info.ssn : base.info.ssn } : {}) },
    // The answers as given, the personnummer in full or masked as above.
    metadata: base.anonymous ? base.metadata : full ? answers : maskedAnswers(answers),
    form: form?.metadata ?? [],
    shownForm: shownFormOf({ metadata: form?.metadata ?? [], positionId: a.positionId, version: a.formVersion }),
    ...(conversationId !== null ? { conversationId } : {}),
    ...(base.anonymous ? { hidden: hiddenAnswers(c, position.anonymous ?? null, formKeys, a.metadata ?? {}) } : {}),
    notes: a.notes ?? [],
    logs: a.logs ?? [],
  };
}

/**
 * All applications one email made in a container ("Ansökta tjänster"). Staff (`staff`) never
 * get a hidden one (anonymous-screening.ts): the email would name its applicant. The applicant
 * themself gets all of their own.
 */
export async function applicationsByEmail(deps: ServerDeps, containerId: number, email: string, staff = true) {
  const c = await loadContainer(deps.store, containerId);
  const notHidden = staff ? await notHiddenCondition(deps.store, c) : null;
  const list = await deps.store
    .collection<ApplicationDoc>('applications')
    .find({ containerId, email: email.trim().toLowerCase(), ...(notHidden ? { $and: [notHidden] } : {}) }, { sort: { id: -1 }, limit: 200, projection: { notes: 0, logs: 0 } });
  const [names, items] = await Promise.all([positionNames(deps.store, list.map((a) => a.positionId)), withNoteCounts(deps.store, list)]);
  return items.map((a) => listItem(c, a, names.get(a.positionId) ?? NO_POSITION, deps.now()));
}

/** Who did something, as the log and notes name them. */
export function who(p: { givenName: string; familyName: string; email: string }): string {
  return `${p.givenName} ${p.familyName}`.trim() || p.email;
}

export async function addNote(
  deps: ServerDeps,
  principal: { givenName: string; familyName: string; email: string },
  a: ApplicationDoc,
  note: string,
  reader?: Reader,
) {
  const entry = { id: await deps.store.nextSequence('notes'), note, created: deps.now(), author: who(principal) };
  const log: LogEntry = { at: entry.created, what: 'note', by: entry.author, text: m.logNote };
  const apps = deps.store.collection<ApplicationDoc>('applications');
  const push = { notes: entry, logs: log };
  // notesCount changes in the same write as the notes. A document written before the counter
  // gets it set from its notes there, on the condition that it still has none: of two first
  // notes at once, the other one then takes the $inc path on its next round.
  for (let round = 0; round < 3; round++) {
    const counted = await apps.updateOne({ id: a.id, notesCount: { $exists: true } }, { $push: push, $inc: { notesCount: 1 } });
    if (counted) return applicantView(deps, counted, undefined, reader);
    const old = await apps.findOne({ id: a.id }, { projection: { id: 1, notes: 1, notesCount: 1 } });
    if (!old) break;
    if (old.notesCount !== undefined) continue;
    const first = await apps.updateOne(
      { id: a.id, notesCount: { $exists: false } },
      { $push: push, $set: { notesCount: (old.notes?.length ?? 0) + 1 } },
    );
    if (first) return applicantView(deps, first, undefined, reader);
  }
  throw errors.notFound();
}

/**
 * Note counts of list rows written before the stored counter: their notes are read, and only
 * theirs (one query per page, none once every row has the counter).
 */
async function withNoteCounts<T extends Pick<ApplicationDoc, 'id' | 'notesCount'>>(store: Store, items: T[]): Promise<T[]> {
  const missing = items.filter((a) => typeof a.notesCount !== 'number').map((a) => a.id);
  if (missing.length === 0) return items;
  const found = await store
    .collection<ApplicationDoc>('applications')
    .find({ id: { $in: missing } }, { projection: { id: 1, notes: 1 } });
  const counts = new Map(found.map((a) => [a.id, a.notes?.length ?? 0]));
  return items.map((a) => (typeof a.notesCount === 'number' ? a : { ...a, notesCount: counts.get(a.id) ?? 0 }));
}
