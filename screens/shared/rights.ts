import sv from '../../schemas/messages/sv.json';

/**
 * The organisation rights: ids and stored names are the spec's (1 Administrator, 2 Write,
 * 3 Read); every screen shows them by these Swedish names, and no other.
 */
export const RIGHTS = [
  { id: 1, name: 'Administrator', label: sv.org.permAdmin, hint: sv.org.permAdminHint },
  { id: 2, name: 'Write', label: sv.org.permWrite, hint: sv.org.permWriteHint },
  { id: 3, name: 'Read', label: sv.org.permRead, hint: sv.org.permReadHint },
] as const;

export type RightId = (typeof RIGHTS)[number]['id'];

/** The Swedish name of a stored right ('Write' → 'Skriva'); a name we do not know stays as it is. */
export function rightLabel(name: string): string {
  return RIGHTS.find((r) => r.name === name)?.label ?? name;
}

/**
 * The rights after ticking or unticking one. Administratör includes Skriva (the spec's writer
 * check accepts Administrator), so ticking it ticks Skriva and unticking Skriva unticks it:
 * Administratör without Skriva cannot be chosen. A stored Administratör without Skriva is read
 * as RightsPicker shows it, with Skriva ticked, so unticking Administratör leaves Skriva.
 */
export function toggleRight(ids: readonly RightId[], id: RightId, checked: boolean): RightId[] {
  const next = new Set(ids);
  if (next.has(1)) next.add(2);
  if (checked) {
    next.add(id);
    if (id === 1) next.add(2);
  } else {
    next.delete(id);
    if (id === 2) next.delete(1);
  }
  return [...next].sort();
}
