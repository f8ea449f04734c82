import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The statistics every benchmark reports. */
/** The p-th percentile (nearest rank) of unsorted values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

setFlagsFromString('--expose-gc');
/** A full garbage collection, also when node was started without --expose-gc (heap figures measure from a collected heap). */
export const gc = runInNewContext('gc') as () => void;
