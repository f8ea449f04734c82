/** Apply and page paths that keep the form of URL the visitor came by. Pure. */
import { positionPath } from './positionRef';

/** `/{id}_{slug}/apply`, or `/internal/{guid}/apply` for an internal position. */
export function applyPath(p: { id: number; slug?: string; isInternal?: boolean; linkId?: string }): string {
  return `${positionPath(p)}/apply`;
}
