/** Dates are shown and edited in Europe/Stockholm as YYYY-MM-DD; times are unix seconds (spec document 2 §9). */
export const TIME_ZONE = 'Europe/Stockholm';

const dateFmt = new Intl.DateTimeFormat('sv-SE', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const partsFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** 'YYYY-MM-DD' of a unix time, in Stockholm. */
export function formatDate(unixSeconds: number): string {
  return dateFmt.format(new Date(unixSeconds * 1000));
}

export function todayInStockholm(now = Date.now()): string {
  return formatDate(Math.floor(now / 1000));
}

/** Stockholm's offset from UTC at that instant, in seconds (+3600 in winter, +7200 in summer). */
function offsetAt(unixSeconds: number): number {
  const p = Object.fromEntries(partsFmt.formatToParts(new Date(unixSeconds * 1000)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc / 1000 - unixSeconds;
}

/**
 * The unix time of a Stockholm date at 00:00:00, or at 23:59:59 with `endOfDay` (a stop
 * date lasts the whole day). Null for a string that is not a real date.
 */
export function stockholmDateToUnix(date: string, endOfDay = false): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const wall = Date.UTC(y, mo - 1, d, endOfDay ? 23 : 0, endOfDay ? 59 : 0, endOfDay ? 59 : 0) / 1000;
  const check = new Date(wall * 1000);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  // Two passes settle the offset across a daylight-saving change.
  let guess = wall - offsetAt(wall);
  guess = wall - offsetAt(guess);
  return guess;
}
