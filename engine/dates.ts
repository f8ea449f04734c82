/** A calendar date without time or zone. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export const TIME_ZONE = 'Europe/Stockholm';

// Creating an Intl formatter is costly; one is enough for the process.
let formatter: Intl.DateTimeFormat | undefined;

/**
 * Builds the date formatter now. The first one with a time zone costs Chromium 15–18 ms (its
 * zone data), more on a slow phone: a page that will show dates builds it while its data is on
 * the way (useApplicants.ts), not in the render of its first rows.
 */
export function prepareStockholmDates(): Intl.DateTimeFormat {
  return (formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }));
}

/** The calendar date in Europe/Stockholm at the given instant (Date or unix seconds). */
export function stockholmDate(at: Date | number): CalendarDate {
  const date = typeof at === 'number' ? new Date(at * 1000) : at;
  const formatter = prepareStockholmDates();
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of formatter.formatToParts(date)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  return { year, month, day };
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isRealDate({ year, month, day }: CalendarDate): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const max = month === 2 && isLeapYear(year) ? 29 : (DAYS[month - 1] as number);
  return day <= max;
}

/** Parses `YYYY-MM-DD` into a real calendar date, or null. */
export function parseIsoDate(text: unknown): CalendarDate | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return isRealDate(date) ? date : null;
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function formatIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Age in whole years on `on`. The birthday counts as reached when (month, day) of `on` is at
 * or past the birth's, so someone born on 29 February turns a year older on 1 March in
 * common years.
 */
export function ageOn(birth: CalendarDate, on: CalendarDate): number {
  let age = on.year - birth.year;
  if (on.month < birth.month || (on.month === birth.month && on.day < birth.day)) age -= 1;
  return age;
}

// hour/minute formatter for formatNotificationTime, created on first use like `formatter`.
let timeFormatter: Intl.DateTimeFormat | undefined;

/**
 * A notification's time as the bell shows it (spec document 1 §2 and document 2 §9):
 * `HH:mm` when it is the same Stockholm day as `now`, otherwise `YYYY-MM-DD HH:mm`,
 * both in Europe/Stockholm.
 */
export function formatNotificationTime(at: number, now: Date | number = new Date()): string {
  const date = new Date(at * 1000);
  timeFormatter ??= new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const time = timeFormatter.format(date);
  const day = stockholmDate(date);
  const today = stockholmDate(typeof now === 'number' ? new Date(now * 1000) : now);
  return compareDates(day, today) === 0 ? time : `${formatIsoDate(day)} ${time}`;
}

/** `YYYY-MM-DD` of an instant (unix seconds) as the day is in Stockholm. */
export function formatStockholmDate(unixSeconds: number): string {
  return formatIsoDate(stockholmDate(unixSeconds));
}

/** `YYYY-MM-DD HH:mm` of an instant (unix seconds) in Stockholm (logs, notes, list cells). */
export function formatStockholmDateTime(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  timeFormatter ??= new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${formatIsoDate(stockholmDate(date))} ${timeFormatter.format(date)}`;
}

/** `YYYY-MM-DDTHH:mm:00`: the Stockholm wall time of an instant (unix seconds), for iCalendar's TZID times. */
export function stockholmWallTime(unixSeconds: number): string {
  return `${formatStockholmDateTime(unixSeconds).replace(' ', 'T')}:00`;
}

let longFormatter: Intl.DateTimeFormat | undefined;

/** 'måndag 29 mars 2027 kl. 10:00': an appointment (an interview) as a Swede reads it, in Stockholm time. */
export function formatStockholmAppointment(unixSeconds: number): string {
  longFormatter ??= new Intl.DateTimeFormat('sv-SE', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const date = new Date(unixSeconds * 1000);
  return `${longFormatter.format(date)} kl. ${formatStockholmDateTime(unixSeconds).slice(11)}`;
}

/** Today in Stockholm as `YYYY-MM-DD`. */
export function todayInStockholm(now: Date = new Date()): string {
  return formatIsoDate(stockholmDate(now));
}

// Wall-clock parts in Stockholm, for the offset from UTC at an instant.
let wallFormatter: Intl.DateTimeFormat | undefined;

/** Stockholm's offset from UTC at an instant, in seconds (3600 in winter, 7200 in summer). */
function stockholmOffset(unixSeconds: number): number {
  wallFormatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  const p = Object.fromEntries(wallFormatter.formatToParts(new Date(unixSeconds * 1000)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) / 1000 - unixSeconds;
}

/**
 * The unix time of a Stockholm date at 00:00:00, or at 23:59:59 with `endOfDay` (a stop date
 * lasts the whole day). Null for a string that is not a real `YYYY-MM-DD` date.
 */
export function stockholmDateToUnix(date: string, endOfDay = false): number | null {
  const d = parseIsoDate(date);
  if (!d) return null;
  const wall = Date.UTC(d.year, d.month - 1, d.day, endOfDay ? 23 : 0, endOfDay ? 59 : 0, endOfDay ? 59 : 0) / 1000;
  // Two passes settle the offset across a daylight-saving change.
  return wall - stockholmOffset(wall - stockholmOffset(wall));
}

/** The unix time of a Stockholm wall time `YYYY-MM-DDTHH:mm` (a datetime-local input), or null for anything else. */
export function stockholmWallToUnix(local: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(local);
  const day = m ? parseIsoDate(m[1]) : null;
  if (!m || !day || Number(m[2]) > 23 || Number(m[3]) > 59) return null;
  const wall = Date.UTC(day.year, day.month - 1, day.day, Number(m[2]), Number(m[3])) / 1000;
  return wall - stockholmOffset(wall - stockholmOffset(wall));
}

/** Age in whole years at an instant (unix seconds, the day in Stockholm) for a `YYYY-MM-DD` birth date; null when it is not one. */
export function ageAt(dateOfBirth: string, atUnixSeconds: number): number | null {
  const birth = parseIsoDate(dateOfBirth);
  return birth ? ageOn(birth, stockholmDate(atUnixSeconds)) : null;
}
