import { formForSsnMode, type SsnMode } from '../../../engine/ssn-mode';
import { effectiveSsnMode, privacyOf } from '../applicants/personnummer-view';
import { randomUUID } from 'node:crypto';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { MetadataProperty } from '../../../engine/types';
import type { StaffPosition, StaffPositionWithForm } from '../../../schemas/generated/actions';
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import { DuplicateKeyError, type Store } from '../../store/port';
import { defaultLabel, positionTypeName } from '../organisations/containers';
import type { ApplicationDoc, ContainerDoc, PositionDoc, PositionFormDoc } from '../core/docs';
import { strip } from '../core/docs';
import { checkForm } from '../forms/forms';
import { checkAnonymity } from '../screening/screening';
import { emailFieldProblem } from '../../../engine/builder/blocks';
import { ensureDomainIndexes } from '../core/indexes';
import { removeApplications } from '../gdpr/removal';
import { enqueueApplicationEvents } from '../webhooks/outbox';
import { positionStatus } from './status';
import { templateForPosition } from '../templates/templates';
import { sanitizeHtml } from '../../../engine/sanitize';
import { IMAGE_FOLDERS } from '../../../engine/imageLimits';
import { positionPublicUrl, slugify } from './public';
import type { ActionData } from '../../../schemas/generated/actions';

/** create_position's data (schemas/shared/position-meta.json and the action's own keys). */
export type PositionInput = ActionData['create_position'];

function checkType(container: ContainerDoc, positionTypeId: number): void {
  if (!(container.positionTypes ?? []).some((t) => t.id === positionTypeId)) {
    throw errors.invalid([{ path: '/positionTypeId', message: sv.domain.positionTypeUnknown }], sv.domain.positionTypeUnknown);
  }
}

/**
 * A position's form must identify its applicant: exactly one field of the E-post type
 * (issue 17). Without one nobody could be told anything; with two it is unclear which
 * address the application belongs to.
 */
function checkPersonFields(metadata: readonly MetadataProperty[]): void {
  const problem = emailFieldProblem(metadata);
  if (!problem) return;
  const message = sv.personFields[problem];
  throw errors.invalid([{ path: '/metadata', message }], message);
}

function checkDates(start: number, stop: number): void {
  if (stop < start) throw errors.invalid([{ path: '/stop', message: sv.admin.ads.stopBeforeStart }], sv.admin.ads.stopBeforeStart);
}

async function storeFormVersion(store: Store, positionId: number, version: number, metadata: MetadataProperty[], now: number) {
  await store.collection<PositionFormDoc>('positionForms').insertOne({ positionId, version, metadata, created: now });
}

/** The form in a personnummer mode (engine/ssn-mode.ts); asking for a personnummer needs the organisation's reason. */
function formInMode(container: ContainerDoc, metadata: MetadataProperty[], mode: SsnMode): MetadataProperty[] {
  if (mode !== 'birthDate' && !privacyOf(container).ssnReason?.trim()) {
    throw errors.invalid([{ path: '/ssnMode', message: sv.privacy.ssnReasonRequired }], sv.privacy.ssnReasonRequired);
  }
  return formForSsnMode(metadata, mode);
}

/**
 * Creates a position. Its form is the given `metadata` (the builder), else a copy of the
 * template `templateKey`, else of the position type's default template; it is compiled
 * before anything is stored and kept as form version 1.
 */
export async function createPosition(deps: ServerDeps, container: ContainerDoc, input: PositionInput): Promise<PositionDoc> {
  const { store } = deps;
  await ensureDomainIndexes(store);
  checkType(container, input.positionTypeId);
  checkDates(input.start, input.stop);
  const given =
    input.metadata ?? (await templateForPosition(store, container.id, input.positionTypeId, input.templateKey)).metadata;
  // The form's own mode, else the organisation's (a new organisation asks for a birth date only).
  const mode = effectiveSsnMode(container, input.ssnMode);
  const metadata = mode ? formInMode(container, given, mode) : given;
  checkForm(metadata);
  checkPersonFields(metadata);
  checkAnonymity(container, input.anonymous);
  const now = deps.now();
  const doc: PositionDoc = {
    id: await store.nextSequence('positions'),
    containerId: container.id,
    name: input.name,
    // Staff HTML is stored sanitised (the project's one sanitiser), never executed on the public page.
    text: sanitizeHtml(input.text ?? ''),
    description: input.description ?? '',
    city: input.city ?? '',
    start: input.start,
    stop: input.stop,
    created: now,
    isArchived: false,
    isInternal: input.isInternal ?? false,
    linkId: randomUUID(),
    positionTypeId: input.positionTypeId,
    ...(input.responsibleId !== undefined ? { responsibleId: input.responsibleId } : {}),
    ...(input.banner ? { banner: await checkBanner(store, container.id, input.banner) } : {}),
    ...(input.anonymous ? { anonymous: input.anonymous } : {}),
    ...(input.ssnMode ? { ssnMode: input.ssnMode } : {}),
    metadata,
    formVersion: 1,
    views: 0,
  };
  // The form version first: a position never points at a version that is not stored.
  await storeFormVersion(store, doc.id, 1, metadata, now);
  return store.collection<PositionDoc>('positions').insertOne(doc);
}

/** Updates a position; a changed form becomes a new form version (older ones stay readable). */
export async function updatePosition(
  deps: ServerDeps,
  container: ContainerDoc,
  current: PositionDoc,
  input: Omit<PositionInput, 'templateKey'>,
): Promise<PositionDoc> {
  const { store } = deps;
  if (input.containerId !== current.containerId) {
    throw errors.invalid([{ path: '/containerId', message: sv.domain.containerMismatch }], sv.domain.containerMismatch);
  }
  checkType(container, input.positionTypeId);
  checkDates(input.start, input.stop);
  const set: Record<string, unknown> = {
    name: input.name,
    text: input.text !== undefined ? sanitizeHtml(input.text) : current.text,
    description: input.description ?? current.description,
    city: input.city ?? current.city,
    start: input.start,
    stop: input.stop,
    isInternal: input.isInternal ?? current.isInternal,
    positionTypeId: input.positionTypeId,
  };
  if (input.responsibleId !== undefined) set.responsibleId = input.responsibleId;
  const slugs = renamedSlugs(current, input.name);
  if (slugs) set.previousSlugs = slugs;
  if (input.banner !== undefined) set.banner = input.banner ? await checkBanner(store, container.id, input.banner) : '';
  if (input.anonymous !== undefined) {
    checkAnonymity(container, input.anonymous);
    set.anonymous = input.anonymous;
  }
  const filter: Record<string, unknown> = { id: current.id };
  // A form mode (issue 28) changes the form given, or the current one when only the mode changes.
  const mode = effectiveSsnMode(container, input.ssnMode ?? (current.ssnMode as SsnMode | undefined));
  if (input.ssnMode !== undefined) set.ssnMode = input.ssnMode;
  if (mode && (input.metadata || input.ssnMode !== undefined)) input = { ...input, metadata: formInMode(container, input.metadata ?? current.metadata, mode) };
  if (input.metadata && JSON.stringify(input.metadata) !== JSON.stringify(current.metadata)) {
    checkForm(input.metadata);
    checkPersonFields(input.metadata);
    const version = current.formVersion + 1;
    try {
      await storeFormVersion(store, current.id, version, input.metadata, deps.now());
    } catch (err) {
      // Someone else stored this version first: their save wins, this one must reload.
      if (err instanceof DuplicateKeyError) throw errors.conflict();
      throw err;
    }
    set.metadata = input.metadata;
    set.formVersion = version;
    // Two editors saving at once: only the one that read the current version wins the bump.
    filter.formVersion = current.formVersion;
  }
  const updated = await store.collection<PositionDoc>('positions').updateOne(filter, { $set: set });
  if (!updated) throw errors.conflict();
  return updated;
}

/** Old links to a position keep working after a rename: at most this many earlier slugs are kept. */
const PREVIOUS_SLUGS = 20;

/** The earlier slugs after a rename to `name` (newest first), or null when the slug stays. */
function renamedSlugs(current: PositionDoc, name: string): string[] | null {
  const before = slugify(current.name);
  const after = slugify(name);
  if (before === after) return null;
  return [...new Set([before, ...(current.previousSlugs ?? [])])].filter((s) => s && s !== after).slice(0, PREVIOUS_SLUGS);
}

/** A position's ad image must be one of the organisation's own ad images ('Annonsbilder'). */
async function checkBanner(store: Store, containerId: number, url: string): Promise<string> {
  const m = /^\/api\/public\/open\/containers\/(\d+)\/assets\?id=assets\/(\d+)$/.exec(url);
  const asset = m && Number(m[1]) === containerId ? await store.collection('assets').findOne({ id: Number(m[2]), containerId }) : null;
  const folder = asset ? await store.collection('folders').findOne({ id: asset.folderId, containerId }) : null;
  if (!folder || folder.name !== IMAGE_FOLDERS.adBanners) throw errors.invalid([{ path: '/banner', message: sv.org.imageNotOwn }], sv.org.imageNotOwn);
  return url;
}

/** "Copying creates a new position from an existing one" (spec doc 1 §4). */
export async function copyPosition(deps: ServerDeps, container: ContainerDoc, source: PositionDoc): Promise<PositionDoc> {
  return createPosition(deps, container, {
    containerId: source.containerId,
    name: `${source.name}${sv.domain.copySuffix}`,
    text: source.text,
    description: source.description,
    city: source.city,
    start: source.start,
    stop: source.stop,
    isInternal: source.isInternal,
    positionTypeId: source.positionTypeId,
    ...(source.responsibleId !== undefined ? { responsibleId: source.responsibleId } : {}),
    ...(typeof source.banner === 'string' && source.banner ? { banner: source.banner } : {}),
    ...(source.anonymous ? { anonymous: source.anonymous } : {}),
    metadata: source.metadata,
  });
}

/** Deletes a position with its form versions, applications and their attachments. */
export async function deletePosition(deps: ServerDeps, position: PositionDoc): Promise<void> {
  const { store } = deps;
  const positions = store.collection<PositionDoc>('positions');
  // Marked first: an application that reads the position from now on is refused, and one
  // already on its way sees the mark (or the missing position) after its insert and removes
  // itself (server/domain/apply.ts). The sweeps below catch whatever landed in between.
  await positions.updateOne({ id: position.id }, { $set: { deleting: true } });
  await sweepApplications(deps, position.id);
  // Idempotent deletes by filter; deleting the position again finishes a cut-short run.
  await store.collection('positionForms').deleteMany({ positionId: position.id });
  await store.collection('scoreCriteria').deleteMany({ positionId: position.id });
  await store.collection('interviewKits').deleteMany({ positionId: position.id });
  await positions.deleteOne({ id: position.id });
  await sweepApplications(deps, position.id);
}

/**
 * Deletes a position's applications with everything that follows them (removal.ts: files,
 * skill answers, mail copies, notifications, conversations left without an application),
 * batch by batch, until none is left.
 */
async function sweepApplications(deps: ServerDeps, positionId: number): Promise<void> {
  const apps = deps.store.collection<ApplicationDoc>('applications');
  for (;;) {
    const batch = await apps.find({ positionId }, { projection: { id: 1, containerId: 1, positionId: 1, email: 1 }, limit: 500 });
    if (!batch.length) break;
    await removeApplications(deps, batch);
    await enqueueApplicationEvents(deps, 'application.deleted', batch);
  }
  // Idempotent delete by filter.
  await deps.store.collection('notifications').deleteMany({ 'data.positionId': positionId });
}

export async function loadPosition(store: Store, id: number): Promise<PositionDoc> {
  const p = await store.collection<PositionDoc>('positions').findOne({ id });
  if (!p) throw errors.notFound();
  return p;
}

/** The position by id within the container, or null. */
export function positionInContainer(store: Store, containerId: number, id: number): Promise<PositionDoc | null> {
  return store.collection<PositionDoc>('positions').findOne({ id, containerId });
}

/** The names of the positions with these ids, by id. */
export async function positionNames(store: Store, ids: number[]): Promise<Map<number, string>> {
  const rows = await store.collection<PositionDoc>('positions').find({ id: { $in: ids } }, { projection: { id: 1, name: 1 } });
  return new Map(rows.map((p) => [p.id, String(p.name)]));
}

/** The container's positions in id order. */
export function positionsOfContainer(store: Store, containerId: number): Promise<PositionDoc[]> {
  return store.collection<PositionDoc>('positions').find({ containerId }, { sort: { id: 1 } });
}

/** Archives or restores a position; answers it, or 404. */
export async function setArchived(store: Store, id: number, isArchived: boolean): Promise<PositionDoc> {
  const updated = await store.collection<PositionDoc>('positions').updateOne({ id }, { $set: { isArchived } });
  if (!updated) throw errors.notFound();
  return updated;
}

/** Applicant totals of a position: all, and those still carrying the default Interest label. */
async function totals(store: Store, container: ContainerDoc, positionId: number) {
  const apps = store.collection('applications');
  const unprocessed = defaultLabel(container, 'Interest');
  const [totalApplicants, totalUnProcessed] = await Promise.all([
    apps.count({ positionId }),
    unprocessed ? apps.count({ positionId, interestLabelId: unprocessed.id }) : Promise.resolve(0),
  ]);
  return { totalApplicants, totalUnProcessed };
}

/** A position as staff see it: derived status, type name, totals; the form only when asked. */
export function positionView(store: Store, container: ContainerDoc, p: PositionDoc, now: number, withForm: true, portalUrl: string): Promise<StaffPositionWithForm>;
export function positionView(store: Store, container: ContainerDoc, p: PositionDoc, now: number, withForm: false, portalUrl: string): Promise<StaffPosition>;
export async function positionView(
  store: Store,
  container: ContainerDoc,
  p: PositionDoc,
  now: number,
  withForm: boolean,
  /** The portal's address (PUBLIC_URL): the public page is on the organisation's host under it. */
  portalUrl: string,
): Promise<StaffPosition | StaffPositionWithForm> {
  const { metadata, ...rest } = strip(p);
  return {
    ...rest,
    ...(withForm ? { metadata } : {}),
    status: positionStatus(p, now),
    publicUrl: positionPublicUrl(portalUrl, container, p),
    containerName: container.name,
    positionTypeName: positionTypeName(container, p.positionTypeId),
    ...(await totals(store, container, p.id)),
  };
}

/** All positions of a container, newest start first. */
export async function listPositions(store: Store, container: ContainerDoc, now: number, portalUrl: string) {
  const list = await store
    .collection<PositionDoc>('positions')
    .find({ containerId: container.id }, { sort: { start: -1, id: -1 }, projection: { metadata: 0 } });
  return Promise.all(list.map((p) => positionView(store, container, p, now, false, portalUrl)));
}
