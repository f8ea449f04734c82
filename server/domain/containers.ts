import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { errors } from '../errors';
import type { Store } from '../store/port';
import type { ContainerDoc, LabelDoc } from './docs';

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

/** A label of the container, or 400 naming the field. */
export function labelOf(c: ContainerDoc, labelId: number, path = '/labelId'): LabelDoc {
  const l = (c.labels ?? []).find((x) => x.id === labelId);
  if (!l) throw errors.invalid([{ path, message: sv.domain.labelNotInContainer }], sv.domain.labelNotInContainer);
  return l;
}

export function positionTypeName(c: ContainerDoc, id: number): string {
  return (c.positionTypes ?? []).find((t) => t.id === id)?.name ?? '';
}
