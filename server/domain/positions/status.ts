import sv from '../../../schemas/messages/sv.json' with { type: 'json' };

export type PositionStatus = 'Öppen' | 'Stängd' | 'Arkiverad';

const OPEN = sv.public.statusOpen as 'Öppen';
const CLOSED = sv.public.statusClosed as 'Stängd';
const ARCHIVED = sv.public.statusArchived as 'Arkiverad';

/**
 * Spec doc 1 §4, word for word: archived; otherwise open when stop is not before now and
 * start is not after now; otherwise closed. `now` is unix seconds.
 */
export function positionStatus(p: { isArchived: boolean; start: number; stop: number }, now: number): PositionStatus {
  if (p.isArchived) return ARCHIVED;
  if (!(p.stop < now) && !(p.start > now)) return OPEN;
  return CLOSED;
}

/** The public side and the admin search show only Öppen or Stängd. */
export function publicStatus(p: { isArchived: boolean; start: number; stop: number }, now: number): 'Öppen' | 'Stängd' {
  return positionStatus(p, now) === OPEN ? OPEN : CLOSED;
}

/** Why an application is refused, in Swedish; null when the position takes applications. */
export function closedReason(p: { isArchived: boolean; start: number; stop: number }, now: number): string | null {
  if (p.isArchived) return sv.domain.positionArchived;
  if (p.start > now) return sv.domain.positionNotOpenYet;
  if (p.stop < now) return sv.domain.positionClosed;
  return null;
}
