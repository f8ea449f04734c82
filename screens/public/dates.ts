/** Dates on the public site: YYYY-MM-DD in Europe/Stockholm (spec document 2 §9). Pure. */

const DAY = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Unix seconds → `YYYY-MM-DD` as the day is in Stockholm. */
export function formatDate(unixSeconds: number): string {
  const parts = DAY.formatToParts(new Date(unixSeconds * 1000));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Unix seconds → an ISO 8601 instant (UTC), for machine-readable dates. */
export function isoInstant(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Open when stop is not before now and start is not after now (spec document 1 §4). */
export function isOpenAt(p: { start: number; stop: number }, now: Date): boolean {
  const t = Math.floor(now.getTime() / 1000);
  return p.start <= t && p.stop >= t;
}
