import type { Store } from '../../store/port';
import { PARTNERS } from './integrations';

/**
 * The stored partner settings (spec document 2 §7): the organisation's per partner type
 * (`partnerSettings`: whether the type is in use, and default data such as the sender id and
 * address) and each position's own (`positionPartners`: isChecked = publish the position
 * there, and its data).
 */
export interface PartnerSetting {
  [k: string]: unknown;
  id: number;
  containerId: number;
  typeId: number;
  isChecked: boolean;
  data: Record<string, unknown>;
  positionId?: number;
}

type SettingsCollection = 'partnerSettings' | 'positionPartners';

/** Every partner type with the organisation's setting for it (unset: not in use, no data). */
export async function orgSettings(store: Store, containerId: number) {
  const rows = await store.collection<PartnerSetting>('partnerSettings').find({ containerId });
  return PARTNERS.map((p) => {
    const row = rows.find((r) => r.typeId === p.typeId);
    return { name: p.name, id: row?.id ?? 0, typeId: p.typeId, isChecked: row?.isChecked ?? false, data: row?.data ?? {} };
  });
}

/** Every partner type with the position's setting, its data over the organisation's defaults. */
export async function positionSettings(store: Store, containerId: number, positionId: number) {
  const org = await orgSettings(store, containerId);
  const rows = await store.collection<PartnerSetting>('positionPartners').find({ containerId, positionId });
  return org.map((o) => {
    const row = rows.find((r) => r.typeId === o.typeId);
    return { name: o.name, id: row?.id ?? 0, typeId: o.typeId, isChecked: row?.isChecked ?? false, positionId, data: { ...o.data, ...(row?.data ?? {}) } };
  });
}

/** The position's own setting for one partner type, or null. */
export function positionPartner(store: Store, filter: { containerId: number; positionId: number; typeId: number }): Promise<PartnerSetting | null> {
  return store.collection<PartnerSetting>('positionPartners').findOne(filter);
}

/** Updates the setting the filter names, or inserts it with an id from its counter. */
export async function saveSetting(store: Store, collection: SettingsCollection, filter: Record<string, number>, set: Record<string, unknown>) {
  const col = store.collection<PartnerSetting>(collection);
  const updated = await col.updateOne(filter, { $set: set });
  if (updated) return updated;
  return col.insertOne({ id: await store.nextSequence(collection), ...filter, ...set } as PartnerSetting);
}
