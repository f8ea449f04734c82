/** Machine-readable times of the public site; the shown dates come from engine/dates.ts. Pure. */

/** Unix seconds → an ISO 8601 instant (UTC), for machine-readable dates. */
export function isoInstant(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
