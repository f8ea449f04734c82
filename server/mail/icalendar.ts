import ical, { ICalCalendarMethod, ICalAttendeeRole, ICalAttendeeStatus, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { stockholmWallTime, TIME_ZONE } from '../../engine/dates';

/**
 * The one file that imports ical-generator and timezones-ical-library: iCalendar text for
 * interview invitations (iMIP, RFC 6047) and the staff calendar feeds. Times are written as
 * Stockholm wall time with TZID=Europe/Stockholm and the zone's VTIMEZONE (its summer-time
 * rules), so a calendar shows 10:00 on both sides of the change. The library names the zone
 * Europe/Berlin (same rules); the block is renamed so TZID and VTIMEZONE agree.
 */

interface CalendarEvent {
  /** Stable per interview: a change keeps it and raises `sequence`. */
  uid: string;
  sequence: number;
  /** Unix seconds. */
  start: number;
  minutes: number;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  organizer: { name: string; email: string };
  attendees: { name?: string; email: string }[];
  cancelled?: boolean;
}

let vtimezone: string | undefined;

/** The Europe/Stockholm VTIMEZONE block (CRLF lines, no trailing break). */
function stockholmZone(): string {
  if (vtimezone === undefined) {
    const block = tzlib_get_ical_block(TIME_ZONE);
    const text = Array.isArray(block) ? block[0]! : String(block);
    vtimezone = text.replace(/Europe\/Berlin/g, TIME_ZONE).replace(/\r?\n/g, '\r\n').trimEnd();
  }
  return vtimezone;
}

const wall = (unix: number) => stockholmWallTime(unix);

/**
 * A VCALENDAR of `events` with METHOD `method` (REQUEST, CANCEL, or PUBLISH for a feed).
 * No calendar-wide zone is set (the library would write DTSTAMP without its Z then); the
 * VTIMEZONE goes in before the first event.
 */
export function calendarText(method: 'REQUEST' | 'CANCEL' | 'PUBLISH', events: CalendarEvent[], name?: string): string {
  const cal = ical({
    method: ICalCalendarMethod[method],
    prodId: { company: 'Blankett', product: 'Blankett', language: 'SV' },
    ...(name ? { name } : {}),
  });
  for (const e of events) {
    cal.createEvent({
      id: e.uid,
      sequence: e.sequence,
      stamp: new Date(),
      start: wall(e.start),
      end: wall(e.start + e.minutes * 60),
      timezone: TIME_ZONE,
      summary: e.summary,
      ...(e.description ? { description: e.description } : {}),
      ...(e.location ? { location: e.location } : {}),
      ...(e.url ? { url: e.url } : {}),
      status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: { name: e.organizer.name, email: e.organizer.email },
      attendees: e.attendees.map((a) => ({
        email: a.email,
        ...(a.name ? { name: a.name } : {}),
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        rsvp: !e.cancelled,
      })),
    });
  }
  const text = cal.toString();
  const at = text.indexOf('BEGIN:VEVENT');
  return at < 0 ? text : `${text.slice(0, at)}${stockholmZone()}\r\n${text.slice(at)}`;
}
