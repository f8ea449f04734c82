import { randomBytes } from 'node:crypto';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { answerAsText, carriesFiles, choiceLabels, kindOf, specialFieldKey } from '../../../engine/answer-kinds';
import { formatStockholmDate } from '../../../engine/dates';
import { fill } from '../../../engine/fill';
import { htmlToText } from '../../../engine/sanitize';
import type { MetadataProperty } from '../../../engine/types';
import { sha256 } from '../../auth/signin';
import type { ServerDeps } from '../../base/deps';
import { errors, HttpError } from '../../errors';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import { recordEvent } from '../core/events';
import { positionForm } from '../forms/forms';
import { HOLDERS, outboxCopiesOf } from './personal';
import type { TalentPoolEntry, TalentPoolLink } from '../../../schemas/generated/entities';
import type { Doc } from '../../store/port';
import { consentWording, poolMonthsOf } from './periods';

/**
 * The talent pool (issue 28 item 2): what a person lets an organisation keep after their
 * application goes, on their consent only. A consent is given by the unticked box when applying
 * or by following an invitation link; each is recorded (what, the text's version, when, how).
 * A renewal link goes out RENEW_DAYS before expiry; without renewal the entry is erased at
 * expiry; a withdrawal on Mina sidor erases it at once. Links are single-use, expiring and
 * bound to the address they were sent to.
 */

const DAY = 86_400;
const INVITE_DAYS = 14;
const RENEW_DAYS = 30;
const t = sv.talentPool;

type ConsentRecord = TalentPoolEntry['consents'][number];

/** A person in the pool (schemas/entities/talent-pool-entry.json). */
export type PoolEntry = TalentPoolEntry & Doc;

/** A mail to a pooled (or invited) person, with its single-use link where it has one (talent-pool-link.json). */
type PoolLink = TalentPoolLink & Doc;

const entries = (deps: ServerDeps) => deps.store.collection<PoolEntry>('talentPool');
const links = (deps: ServerDeps) => deps.store.collection<PoolLink>('talentPoolLinks');

const addMonths = (at: number, months: number) => {
  const d = new Date(at * 1000);
  d.setUTCMonth(d.getUTCMonth() + months);
  return Math.floor(d.getTime() / 1000);
};

/** What the pool keeps of an application: the name, its answers as text (no files, no personnummer), skill names. */
async function snapshot(deps: ServerDeps, a: ApplicationDoc) {
  const form = (await positionForm(deps.store, a.positionId, a.formVersion)) ?? [];
  const byKey = new Map<string, MetadataProperty>(form.map((p) => [p.key, p]));
  const ssn = specialFieldKey(form, 'form_ssn');
  const label = (p: MetadataProperty) => htmlToText(p.label ?? p.key);
  const answers: { label: string; value: string }[] = [];
  for (const [k, v] of Object.entries(a.metadata ?? {})) {
    const p = byKey.get(k);
    if (!p || k === ssn || carriesFiles(p.type) || kindOf(p.type) === 'none') continue;
    const value = answerAsText(kindOf(p.type), v, choiceLabels(p, byKey, label)).slice(0, 2000);
    if (value) answers.push({ label: label(p), value });
  }
  const skillRows = await deps.store.collection<{ skills?: { skillId: number }[] }>('applicantAnswers').find({ applicantId: a.id });
  const ids = [...new Set(skillRows.flatMap((r) => (r.skills ?? []).map((s) => s.skillId)))];
  const skills = ids.length ? (await deps.store.collection<{ name: string }>('skills').find({ id: { $in: ids } }, { projection: { name: 1 } })).map((s) => s.name) : [];
  const position = await deps.store.collection<PositionDoc>('positions').findOne({ id: a.positionId }, { projection: { name: 1 } });
  return { name: a.info?.name ?? '', applicationId: a.id, positionName: position?.name ?? '', answers, skills };
}

/** Records a consent: a new entry from the application, or the person's entry renewed. */
async function recordConsent(deps: ServerDeps, c: ContainerDoc, email: string, how: ConsentRecord['how'], a?: ApplicationDoc): Promise<PoolEntry> {
  const now = deps.now();
  const { version, months } = consentWording(c);
  const consent: ConsentRecord = { what: 'talentPool', textVersion: version, at: now, how, months };
  const existing = await entries(deps).findOne({ containerId: c.id, email });
  const data = a ? await snapshot(deps, a) : {};
  if (existing) {
    const expires = addMonths(Math.max(now, how === 'renew' ? existing.expires : now), months);
    await entries(deps).updateOne({ id: existing.id }, { $set: { ...data, expires, consents: [...existing.consents, consent] }, $unset: { renewMailed: '' } });
    return { ...existing, ...data, expires, consents: [...existing.consents, consent] };
  }
  if (!a) throw errors.notFound(t.noConsent);
  const doc: PoolEntry = { id: await deps.store.nextSequence('talentPool'), containerId: c.id, email, ...(data as Awaited<ReturnType<typeof snapshot>>), expires: addMonths(now, months), consents: [consent], created: now };
  await entries(deps).insertOne(doc);
  await recordEvent(deps, { action: 'talent_pool_consent', userId: 0, containerId: c.id, counts: { entries: 1 } });
  return doc;
}

/** The box ticked when applying: the application's data joins the pool at once. Never throws. */
export async function joinFromApply(deps: ServerDeps, a: ApplicationDoc, c: ContainerDoc): Promise<void> {
  try {
    await recordConsent(deps, c, a.email, 'apply', a);
  } catch (err) {
    deps.log.error('talent pool consent failed', { applicationId: a.id, error: (err as Error).name });
  }
}

type NewLink = Pick<PoolLink, 'tokenHash' | 'containerId' | 'email' | 'kind' | 'applicationId' | 'expires'>;

/**
 * Mails a person and keeps the copy's name on a link record, so erasing the person drops the copy.
 * The record comes first (as sendAbout's): a crash before the mail leaves a link without a copy,
 * never a copy no erasure finds. A mail that fails takes its link back.
 */
async function mailWithLink(deps: ServerDeps, link: NewLink, subject: string, text: string): Promise<void> {
  const copy = deps.mail.newCopy?.();
  await links(deps).insertOne({ ...link, created: deps.now(), ...(copy !== undefined ? { copy } : {}) });
  try {
    await deps.mail.send({ to: link.email, subject, text }, copy);
  } catch (err) {
    await links(deps).deleteOne({ tokenHash: link.tokenHash }).catch(() => 0);
    throw err;
  }
}

async function newLink(deps: ServerDeps, c: ContainerDoc, email: string, kind: 'invite' | 'renew', ttlDays: number, applicationId?: number) {
  const token = randomBytes(32).toString('base64url');
  const url = `${(deps.publicUrl ?? '').replace(/\/$/, '')}/talangpool?token=${token}`;
  const link: NewLink & { expires: number } = { tokenHash: sha256(token), containerId: c.id, email, kind, expires: deps.now() + ttlDays * DAY, ...(applicationId ? { applicationId } : {}) };
  return { url, link };
}

const HIRED = 'Anställd';

/** Staff invite an applicant who was not hired: a single-use link, valid INVITE_DAYS, to their address. */
export async function inviteToPool(deps: ServerDeps, c: ContainerDoc, a: ApplicationDoc): Promise<{ expires: number }> {
  const hired = (c.labels ?? []).find((l) => l.labelType === 'Process' && l.name === HIRED);
  if (hired && a.processLabelId === hired.id) throw errors.conflict(t.notRejected);
  if (await entries(deps).count({ containerId: c.id, email: a.email })) throw errors.conflict(t.alreadyPooled);
  const { url, link } = await newLink(deps, c, a.email, 'invite', INVITE_DAYS, a.id);
  const position = await deps.store.collection<PositionDoc>('positions').findOne({ id: a.positionId }, { projection: { name: 1 } });
  const values = { company: c.displayName || c.name, position: position?.name ?? '', months: String(poolMonthsOf(c)), link: url, days: String(INVITE_DAYS) };
  await mailWithLink(deps, link, fill(t.inviteSubject, values), fill(t.inviteBody, values));
  return { expires: link.expires };
}

const refuse = (status: number, code: string, message: string) => new HttpError(status, code, message, [{ path: '/token', message }]);

/** The live link of a token, or a clear refusal: unknown, used (a replay), expired, or someone else's. */
export async function linkOf(deps: ServerDeps, token: string, callerEmail?: string): Promise<PoolLink> {
  const link = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await links(deps).findOne({ tokenHash: sha256(token) }) : null;
  if (!link || link.kind === 'apply') throw refuse(400, 'invalid', t.linkUnknown);
  if (callerEmail && callerEmail.toLowerCase() !== link.email) throw refuse(403, 'forbidden', t.linkOtherPerson);
  if (link.usedAt !== undefined) throw refuse(409, 'link_used', t.linkUsed);
  if (link.expires < deps.now()) throw refuse(410, 'link_expired', t.linkExpired);
  return link;
}

/** Following a link gives (invite) or renews (renew) the consent; the link is used up first, once. */
export async function followLink(deps: ServerDeps, token: string, callerEmail?: string): Promise<{ company: string; expires: number }> {
  const link = await linkOf(deps, token, callerEmail);
  if (!(await links(deps).updateOne({ tokenHash: link.tokenHash, usedAt: { $exists: false } }, { $set: { usedAt: deps.now() } }))) throw refuse(409, 'link_used', t.linkUsed);
  const c = await deps.store.collection<ContainerDoc>('containers').findOne({ id: link.containerId });
  if (!c) throw refuse(410, 'link_expired', t.linkExpired);
  const a = link.applicationId ? await deps.store.collection<ApplicationDoc>('applications').findOne({ id: link.applicationId, email: link.email }) : null;
  if (link.kind === 'invite' && !a) throw refuse(410, 'link_expired', t.linkExpired);
  if (link.kind === 'renew' && !(await entries(deps).count({ containerId: c.id, email: link.email }))) throw refuse(410, 'link_expired', t.linkExpired);
  const entry = await recordConsent(deps, c, link.email, link.kind === 'invite' ? 'invite' : 'renew', a ?? undefined);
  return { company: c.displayName || c.name, expires: entry.expires };
}

/** Erases the person's pool data in the organisation (entry, links, kept mail copies); answers how many entries went. */
async function erasePooled(deps: ServerDeps, containerId: number, email: string): Promise<number> {
  let n = 0;
  for (const h of HOLDERS.filter((x) => x.consent)) {
    const filter = { [h.container]: containerId, [h.person!.email!]: email };
    const docs = await deps.store.collection(h.collection).find(filter);
    for (const copy of outboxCopiesOf([{ holder: h, docs }])) await deps.mail.drop?.(copy).catch(() => false);
    const gone = await deps.store.collection(h.collection).deleteMany(filter);
    if (h.collection === 'talentPool') n += gone;
  }
  return n;
}

/** Mina sidor: withdrawing erases at once; no consent there → 404 with a clear answer. */
export async function withdrawConsent(deps: ServerDeps, containerId: number, email: string): Promise<{ erased: number }> {
  if (!(await entries(deps).count({ containerId, email: email.toLowerCase() }))) throw errors.notFound(t.noConsent);
  const erased = await erasePooled(deps, containerId, email.toLowerCase());
  await recordEvent(deps, { action: 'delete_myTalentPoolConsent', userId: 0, containerId, counts: { entries: erased } });
  return { erased };
}

/** Mina sidor: the person's own consents (email already lowercased), each with its organisation's shown name. */
export async function consentsOf(deps: ServerDeps, email: string) {
  const mine = await entries(deps).find({ email });
  const orgs = await deps.store.collection<ContainerDoc>('containers').find({ id: { $in: mine.map((e) => e.containerId) } }, { projection: { id: 1, name: 1, displayName: 1 } });
  const names = new Map(orgs.map((c) => [c.id, c.displayName || c.name]));
  return mine.map((e) => ({ containerId: e.containerId, company: names.get(e.containerId) ?? '', expires: e.expires, consents: e.consents }));
}

/** The organisation's pooled person by id, while the consent runs; not found otherwise. */
export async function livePoolEntry(deps: ServerDeps, containerId: number, id: number): Promise<PoolEntry> {
  const entry = await entries(deps).findOne({ id, containerId, expires: { $gt: deps.now() } });
  if (!entry) throw errors.notFound(t.notFound);
  return entry;
}

/** The daily run: renewal mails RENEW_DAYS before expiry, erasure at expiry, old links swept. */
export async function runTalentPool(deps: ServerDeps): Promise<{ renewMails: number; expired: number }> {
  const now = deps.now();
  let renewMails = 0;
  let expired = 0;
  for (const e of await entries(deps).find({ expires: { $lte: now } }, { projection: { containerId: 1, email: 1 } })) {
    const n = await erasePooled(deps, e.containerId, e.email);
    expired += n;
    await recordEvent(deps, { action: 'talent_pool_expiry', userId: 0, containerId: e.containerId, counts: { entries: n } });
  }
  const due = await entries(deps).find({ expires: { $lte: now + RENEW_DAYS * DAY }, renewMailed: { $exists: false } });
  for (const e of due) {
    const c = await deps.store.collection<ContainerDoc>('containers').findOne({ id: e.containerId });
    if (!c) continue;
    const { url, link } = await newLink(deps, c, e.email, 'renew', Math.ceil((e.expires - now) / DAY));
    const values = { company: c.displayName || c.name, months: String(poolMonthsOf(c)), date: formatStockholmDate(e.expires), link: url };
    await entries(deps).updateOne({ id: e.id }, { $set: { renewMailed: now } });
    await mailWithLink(deps, link, fill(t.renewSubject, values), fill(t.renewBody, values)).catch((err: unknown) => deps.log.error('renewal mail failed', { error: (err as Error).name }));
    renewMails += 1;
  }
  await links(deps).deleteMany({ expires: { $lt: now - RENEW_DAYS * DAY } });
  return { renewMails, expired };
}

/** Staff invite a pooled person to apply to a position of the organisation (open, public or internal). */
export async function inviteToApply(deps: ServerDeps, c: ContainerDoc, entry: PoolEntry, p: PositionDoc, url: string, by: number): Promise<void> {
  const values = { company: c.displayName || c.name, position: p.name, link: url };
  await mailWithLink(deps, { containerId: c.id, email: entry.email, kind: 'apply', expires: entry.expires }, fill(t.applySubject, values), fill(t.applyBody, values));
  await entries(deps).updateOne({ id: entry.id }, { $set: { invitedTo: [...(entry.invitedTo ?? []), { positionId: p.id, at: deps.now(), by }] } });
}

/** Staff search: by words in the answers, names and skills (every word must match), and by a skill name. */
export async function searchPool(deps: ServerDeps, containerId: number, query = '', skill = ''): Promise<PoolEntry[]> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const all = await entries(deps).find({ containerId, expires: { $gt: deps.now() } }, { sort: { id: -1 }, limit: 5000 });
  return all.filter((e) => {
    const hay = [e.name, e.positionName ?? '', ...e.answers.map((a) => `${a.label} ${a.value}`), ...e.skills].join(' ').toLowerCase();
    return words.every((w) => hay.includes(w)) && (!skill || e.skills.some((s) => s.toLowerCase() === skill.toLowerCase()));
  });
}
