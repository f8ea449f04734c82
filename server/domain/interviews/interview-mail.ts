import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { formatStockholmAppointment } from '../../../engine/dates';
import { fill } from '../../../engine/fill';
import type { ServerDeps } from '../../base/deps';
import { calendarText } from '../../mail/icalendar';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import { sendAbout } from '../mail/mail-copies';
import type { InterviewDoc, SlotDoc } from './store';

/**
 * The interview mails (issue 30 item 1): the offer with the booking link, the calendar
 * invitations (iMIP, RFC 6047: METHOD:REQUEST on booking and on a new time with SEQUENCE
 * raised, METHOD:CANCEL on a cancellation) to the applicant and every interviewer, and the
 * reminder. Each goes through sendAbout, so a kept copy goes with the application.
 */

const t = sv.interviews;

const base = (deps: Pick<ServerDeps, 'publicUrl'>) => (deps.publicUrl ?? '').replace(/\/$/, '');

/** The booking page of a token (the query never reaches the request log, which logs the path). */
export const bookingUrl = (deps: Pick<ServerDeps, 'publicUrl'>, token: string) => `${base(deps)}/intervju?token=${token}`;

/** The applicant's Mina sidor in the organisation (signing in leads back there). */
export const myPagesUrl = (deps: Pick<ServerDeps, 'publicUrl'>, containerId: number) => `${base(deps)}/admin/minasidor?org=${containerId}`;

const companyOf = async (deps: ServerDeps, containerId: number) => {
  const c = await deps.store.collection<ContainerDoc>('containers').findOne({ id: containerId }, { projection: { name: 1, displayName: 1 } });
  return c ? c.displayName || c.name : '';
};

const applicantName = (a: ApplicationDoc) => (typeof a.info?.name === 'string' && a.info.name.trim()) || a.email;

export async function sendOffer(deps: ServerDeps, p: PositionDoc, a: ApplicationDoc, token: string, expires: string): Promise<void> {
  const company = await companyOf(deps, p.containerId);
  const values = { company, position: p.name, link: bookingUrl(deps, token), expires };
  await sendAbout(deps, { containerId: a.containerId, applicationId: a.id }, { to: a.email, fromName: company, subject: fill(t.inviteSubject, values), text: fill(t.inviteBody, values) });
}

interface People {
  organizer: { name: string; email: string };
  interviewers: { name: string; email: string }[];
}

async function peopleOf(deps: ServerDeps, slot: SlotDoc): Promise<People> {
  const users = await deps.store.collection<{ id: number; email: string; firstname?: string; lastname?: string }>('users').find({ id: { $in: [...slot.interviewers, slot.createdBy] } });
  const person = (id: number) => {
    const u = users.find((x) => x.id === id);
    return u ? { name: `${u.firstname ?? ''} ${u.lastname ?? ''}`.trim() || u.email, email: u.email } : undefined;
  };
  const interviewers = slot.interviewers.flatMap((id) => person(id) ?? []);
  return { organizer: person(slot.createdBy) ?? interviewers[0] ?? { name: 'Blankett', email: 'no-reply@blankett.local' }, interviewers };
}

const whereOf = (slot: SlotDoc) => [slot.place ? fill(t.pageWhere, { place: slot.place }) : '', slot.videoUrl ? fill(t.pageVideo, { url: slot.videoUrl }) : ''].filter(Boolean).join('\n');

/**
 * The invitation of `interview` at `slot` to the applicant and every interviewer: REQUEST
 * (booked or moved: the interview's current SEQUENCE) or CANCEL. `link` is the applicant's
 * booking page when known (a fresh booking); staff mails never carry it.
 */
export async function sendInvitations(deps: ServerDeps, kind: 'booked' | 'moved' | 'cancelled', interview: InterviewDoc, slot: SlotDoc, a: ApplicationDoc, link?: string): Promise<void> {
  const p = await deps.store.collection<PositionDoc>('positions').findOne({ id: interview.positionId }, { projection: { name: 1 } });
  const company = await companyOf(deps, interview.containerId);
  const people = await peopleOf(deps, slot);
  const time = formatStockholmAppointment(slot.start);
  const values = { position: p?.name ?? '', time, minutes: String(slot.minutes), where: whereOf(slot), link: link ?? '' };
  const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const content = calendarText(method, [
    {
      uid: interview.uid,
      sequence: interview.sequence,
      start: slot.start,
      minutes: slot.minutes,
      summary: fill(t.summaryFor, { position: values.position }),
      description: [slot.note ?? '', whereOf(slot)].filter(Boolean).join('\n'),
      ...(slot.place ? { location: slot.place } : slot.videoUrl ? { location: slot.videoUrl } : {}),
      organizer: people.organizer,
      attendees: [{ name: applicantName(a), email: a.email }, ...people.interviewers],
      cancelled: kind === 'cancelled',
    },
  ]);
  const subject = fill(kind === 'cancelled' ? t.cancelSubject : kind === 'moved' ? t.movedSubject : t.bookedSubject, values);
  const ref = { containerId: a.containerId, applicationId: a.id };
  const applicantText = kind === 'cancelled' ? fill(t.cancelBody, values) : fill(link ? t.bookedBody : t.bookedStaffBody, values);
  const staffText = kind === 'cancelled' ? fill(t.cancelBody, values) : fill(t.bookedStaffBody, values);
  const mails = [
    { to: a.email, text: applicantText },
    ...people.interviewers.map((x) => ({ to: x.email, text: staffText })),
  ];
  for (const mail of mails) {
    await sendAbout(deps, ref, { ...mail, fromName: company, subject, calendar: { method, content } }).catch((err: unknown) =>
      deps.log.error('interview mail failed', { error: (err as Error).name }),
    );
  }
}

export async function sendReminder(deps: ServerDeps, interview: InterviewDoc, slot: SlotDoc, a: ApplicationDoc): Promise<void> {
  const p = await deps.store.collection<PositionDoc>('positions').findOne({ id: interview.positionId }, { projection: { name: 1 } });
  const company = await companyOf(deps, interview.containerId);
  const values = { position: p?.name ?? '', time: formatStockholmAppointment(slot.start), where: whereOf(slot), link: myPagesUrl(deps, a.containerId) };
  await sendAbout(deps, { containerId: a.containerId, applicationId: a.id }, { to: a.email, fromName: company, subject: fill(t.reminderSubject, values), text: fill(t.reminderBody, values) });
}
