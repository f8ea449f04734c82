import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { errors } from '../../errors';
import { DuplicateKeyError, type Store, type Update } from '../../store/port';
import type { ContainerDoc, LabelDoc } from '../core/docs';
import { isRejectedLabel } from '../../../engine/labels';

/** The container by id, or 404. */
export async function loadContainer(store: Store, id: number): Promise<ContainerDoc> {
  const c = await store.collection<ContainerDoc>('containers').findOne({ id });
  if (!c) throw errors.notFound();
  return c;
}

export function defaultLabel(c: ContainerDoc, type: LabelDoc['labelType']): LabelDoc | undefined {
  const ofType = (c.labels ?? []).filter((l) => l.labelType === type);
  return ofType.find((l) => l.isDefault) ?? ofType[0];
}

/** The organisation's 'Ej intressant' label (engine/labels.ts), if it has one. */
export function rejectedLabel(c: ContainerDoc): LabelDoc | undefined {
  return (c.labels ?? []).find(isRejectedLabel);
}

/** A label of the container, or 400 naming the field. */
export function labelOf(c: ContainerDoc, labelId: number, path = '/labelId'): LabelDoc {
  const l = (c.labels ?? []).find((x) => x.id === labelId);
  if (!l) throw errors.invalid([{ path, message: sv.domain.labelNotInContainer }], sv.domain.labelNotInContainer);
  return l;
}

export function positionTypeName(c: ContainerDoc, id: number): string {
  return (c.positionTypes ?? []).find((t) => t.id === id)?.name ?? '';
}

const DEFAULT_POSITION_TYPES = ['Sommarjobb', 'Tillsvidareanställning'];
const DEFAULT_LABELS: { labelType: 'Interest' | 'Process'; name: string; isDefault: boolean }[] = [
  { labelType: 'Interest', name: 'Ej bedömd', isDefault: true },
  { labelType: 'Interest', name: 'Intressant', isDefault: false },
  { labelType: 'Interest', name: 'Kanske', isDefault: false },
  { labelType: 'Interest', name: 'Ej intressant', isDefault: false },
  { labelType: 'Process', name: 'Ny', isDefault: true },
  { labelType: 'Process', name: 'Intervju', isDefault: false },
  { labelType: 'Process', name: 'Erbjudande', isDefault: false },
  { labelType: 'Process', name: 'Anställd', isDefault: false },
];

/**
 * A new container document: default labels and position types with ids from their own
 * counters. Used by the seed, create_container and the demo data, so every organisation starts alike.
 */
export async function newContainerDoc(store: Store, input: { name: string; displayName: string; plans?: unknown[] }) {
  const labels = [];
  for (const l of DEFAULT_LABELS) labels.push({ id: await store.nextSequence('labels'), ...l });
  const positionTypes = [];
  for (const name of DEFAULT_POSITION_TYPES) positionTypes.push({ id: await store.nextSequence('positionTypes'), name });
  return {
    id: await store.nextSequence('containers'),
    name: input.name,
    displayName: input.displayName,
    positionTypes,
    labels,
    // Fair screening (issue 17): age and gender stay hidden until an administrator turns them on.
    profile: { showAge: false, showGender: false },
    messages: {},
    plans: input.plans ?? [],
    // Personnummer only where needed (issue 28): a new organisation asks for a birth date until it says why it needs more.
    privacy: { ssnMode: 'birthDate' as const },
  };
}

const containers = (store: Store) => store.collection<ContainerDoc>('containers');
const LISTED = { id: 1, name: 1, displayName: 1 } as const;

/** Id, name and display name of the containers (all of them without `ids`), in id order. */
export function listContainers(store: Store, ids?: number[]): Promise<ContainerDoc[]> {
  return containers(store).find(ids ? { id: { $in: ids } } : {}, { sort: { id: 1 }, projection: LISTED });
}

/** Whether a container already has this name. */
export async function containerNameTaken(store: Store, name: string): Promise<boolean> {
  return !!(await containerByName(store, name));
}

/** Stores a new container; false when its name was taken meanwhile (the unique index). */
export async function insertContainer(store: Store, doc: ContainerDoc): Promise<boolean> {
  try {
    await containers(store).insertOne(doc);
    return true;
  } catch (e) {
    if (e instanceof DuplicateKeyError) return false;
    throw e;
  }
}

/** Applies an update to the container and answers it, or 404. */
export async function updateContainer(store: Store, id: number, update: Update): Promise<ContainerDoc> {
  const updated = await containers(store).updateOne({ id }, update);
  if (!updated) throw errors.notFound();
  return updated;
}

/** The container by its (lower-case) name, or null. */
export function containerByName(store: Store, name: string): Promise<ContainerDoc | null> {
  return containers(store).findOne({ name });
}

/** Adds a position type with an id from its own counter; answers it, or 404. */
export async function addPositionType(store: Store, containerId: number, name: string): Promise<{ id: number; name: string }> {
  const type = { id: await store.nextSequence('positionTypes'), name };
  await updateContainer(store, containerId, { $push: { positionTypes: type } });
  return type;
}
