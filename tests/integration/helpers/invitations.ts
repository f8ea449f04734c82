import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';

/** One VEVENT as a real iCalendar parser (ical.js) reads it, with the calendar's METHOD. */
interface ReadEvent {
  method: string;
  uid: string;
  sequence: number;
  summary: string;
  /** The instant, from the TZID and the VTIMEZONE's rules (unix seconds). */
  start: number;
  end: number;
  /** The wall time as written, 'HH:mm', and its zone. */
  localTime: string;
  zone: string;
  organizer: string;
  attendees: string[];
}

/** Parses an iCalendar text with ical.js, its VTIMEZONEs registered, into its events. */
export function readCalendar(text: string): ReadEvent[] {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  const method = String(cal.getFirstPropertyValue('method') ?? '');
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      method,
      uid: e.uid,
      sequence: e.sequence,
      summary: e.summary,
      start: e.startDate.toUnixTime(),
      end: e.endDate.toUnixTime(),
      localTime: `${pad(e.startDate.hour)}:${pad(e.startDate.minute)}`,
      zone: String(e.startDate.zone?.tzid ?? ''),
      organizer: String(v.getFirstPropertyValue('organizer') ?? ''),
      attendees: v.getAllProperties('attendee').map((p) => String(p.getFirstValue()).toLowerCase()),
    };
  });
}

/** The calendar part of a mail (the text/calendar alternative), or undefined. */
export function calendarOf(m: ParsedMail): { method: string; text: string } | undefined {
  const part = m.attachments.find((a) => a.contentType === 'text/calendar');
  if (!part) return undefined;
  const text = part.content.toString('utf8');
  return { method: /^METHOD:(\S+)/m.exec(text)?.[1] ?? '', text };
}

/** The address a parsed mail went to. */
export const toOf = (m: ParsedMail) => (Array.isArray(m.to) ? m.to.map((x) => x.text).join(',') : (m.to?.text ?? '')).toLowerCase();
