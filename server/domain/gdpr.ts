import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parsePersonnummer } from '../../engine';
import { bumpTokenVersion, findUserByEmail } from '../auth/users';
import type { ServerDeps } from '../dispatcher/types';
import type { Doc, Filter } from '../store/port';
import type { ApplicationDoc } from './docs';
import { recordEvent } from './events';

/**
 * GDPR: which stored documents are a person's, driven by the entity schemas. An entity that
 * holds personal data declares `x-gdpr` (its collection, its container field, and how a
 * document is linked to the person: by `person` fields — email, personnummer — or by the
 * `application` it belongs to), and every one of its properties says `x-pii: true|false`
 * (tests/unit/gdpr-tags.test.ts refuses an untagged property and a collection the server
 * writes that is neither declared here nor listed as holding no applicant data). Export and
 * erasure walk the declared holders, so a new holder or field is covered once it is tagged.
 */

export interface Holder {
  entity: string;
  collection: string;
  container: string;
  person?: { email?: string; ssn?: string };
  application?: string;
  blobs?: string;
  pii: string[];
  labels: Record<string, string>;
}

interface EntitySchema {
  title?: string;
  'x-gdpr'?: { collection?: string; container?: string; person?: Holder['person']; application?: string; blobs?: string };
  properties?: Record<string, { 'x-pii'?: boolean; description?: string }>;
}

const entitiesDir = resolve(import.meta.dirname, '../../schemas/entities');

/** The declared holders of personal data, read once from schemas/entities/. */
export const HOLDERS: readonly Holder[] = readdirSync(entitiesDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => {
    const s = JSON.parse(readFileSync(join(entitiesDir, f), 'utf8')) as EntitySchema;
    const g = s['x-gdpr'];
    if (!g?.collection) return [];
    const props = Object.entries(s.properties ?? {});
    return [
      {
        entity: f.replace(/\.json$/, ''),
        collection: g.collection,
        container: g.container ?? 'containerId',
        person: g.person,
        application: g.application,
        blobs: g.blobs,
        pii: props.filter(([, p]) => p['x-pii'] === true).map(([k]) => k),
        labels: {},
      },
    ];
  });

/**
 * Collections the server writes that hold no data about applicants (staff accounts and
 * rights, organisation settings, positions, templates, counters, the event log, news, skills).
 */
export const NO_APPLICANT_DATA = [
  'containers', 'users', 'memberships', 'positionPermissions', 'positions', 'positionForms', 'folders', 'assets', 'counters',
  'events', 'blogPosts', 'skills', 'skillCollections', 'positionSkills', 'containerTemplates', 'emailTemplates', 'textTemplates',
  'positionPartners', 'partnerSettings', 'notificationPreferences', 'sessions', 'resetTokens',
  // Pending sign-in links (server/auth/signin.ts): account data like users, gone when followed or within 72 hours.
  'signinLinks',
];

const get = (doc: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), doc);

export interface Person {
  /** Emails whose documents are the person's. */
  emails: string[];
  /** Personnummer whose documents are the person's (only when the query was a personnummer). */
  ssns: string[];
  applicationIds: number[];
  /** Every personnummer the person's applications carry (shown, and exported). */
  knownSsns: string[];
  /** Other emails whose applications carry the same personnummer (not erased with an email query). */
  sameSsnEmails: string[];
}

/**
 * The person a query names in a container. A personnummer (any accepted spelling) finds
 * every application carrying it, whatever email was used. An email finds that email's
 * applications and conversations; other emails with the same personnummer are reported
 * (`sameSsnEmails`), not taken, since a mistyped personnummer must never erase someone else.
 */
const indexed = new WeakSet<object>();

/** Lookups by email and by personnummer within a container, so a search or erasure never scans every application. */
async function ensureIndexes(deps: ServerDeps): Promise<void> {
  if (indexed.has(deps.store)) return;
  const apps = deps.store.collection('applications');
  await apps.ensureIndex({ fields: { containerId: 1, email: 1 } });
  await apps.ensureIndex({ fields: { containerId: 1, 'info.ssn': 1 } });
  // Whether a candidate account has applications left anywhere (after an erasure).
  await apps.ensureIndex({ fields: { email: 1 } });
  indexed.add(deps.store);
}

export async function findPerson(deps: ServerDeps, containerId: number, query: string): Promise<Person | null> {
  await ensureIndexes(deps);
  const apps = deps.store.collection<ApplicationDoc>('applications');
  const q = query.trim();
  const pnr = parsePersonnummer(q);
  const filter: Filter = pnr ? { containerId, 'info.ssn': pnr.normalized } : { containerId, email: q.toLowerCase() };
  const found = await apps.find(filter, { projection: { id: 1, email: 1, info: 1 } });
  const emails = pnr ? [...new Set(found.map((a) => a.email))] : [q.toLowerCase()];
  const knownSsns = [...new Set(found.map((a) => a.info?.ssn).filter((s): s is string => !!s))];
  if (found.length === 0) {
    // A person with no application may still have a conversation.
    if (pnr) return null;
    const other = await Promise.all(
      HOLDERS.filter((h) => h.person?.email).map((h) => deps.store.collection(h.collection).count({ [h.container]: containerId, [h.person!.email!]: emails[0] })),
    );
    if (!other.some((n) => n > 0)) return null;
  }
  const same = knownSsns.length && !pnr ? await apps.find({ containerId, 'info.ssn': { $in: knownSsns } }, { projection: { email: 1 } }) : [];
  return {
    emails,
    ssns: pnr ? [pnr.normalized] : [],
    applicationIds: found.map((a) => a.id),
    knownSsns,
    sameSsnEmails: [...new Set(same.map((a) => a.email))].filter((e) => !emails.includes(e)),
  };
}

/** The filter that finds a holder's documents of the person in the container. */
function filterFor(h: Holder, containerId: number, p: Person): Filter | null {
  // Applications were resolved to ids already: an id lookup instead of a scan by email.
  if (h.application === 'id') return p.applicationIds.length ? { [h.container]: containerId, id: { $in: p.applicationIds } } : null;
  const or: Filter[] = [];
  if (h.person?.email && p.emails.length) or.push({ [h.person.email]: { $in: p.emails } });
  if (h.person?.ssn && p.ssns.length) or.push({ [h.person.ssn]: { $in: p.ssns } });
  if (h.application && p.applicationIds.length) or.push({ [h.application]: { $in: p.applicationIds } });
  if (!or.length) return null;
  return { [h.container]: containerId, ...(or.length === 1 ? or[0] : { $or: or }) };
}

export interface Found {
  holder: Holder;
  docs: Doc[];
}

/** Every stored document of the person in the container, holder by holder. */
export async function collectPerson(deps: ServerDeps, containerId: number, p: Person): Promise<Found[]> {
  const out: Found[] = [];
  for (const h of HOLDERS) {
    const filter = filterFor(h, containerId, p);
    if (!filter) continue;
    const docs = (await deps.store.collection(h.collection).find(filter)).map(({ _id, ...d }) => d);
    out.push({ holder: h, docs });
  }
  return out;
}

/** Blob ids a holder's documents point at (`x-gdpr.blobs`: a list of `{ url }`). */
export function blobIdsOf(found: Found[]): string[] {
  return found.flatMap(({ holder, docs }) =>
    holder.blobs ? docs.flatMap((d) => ((get(d, holder.blobs!) as { url?: string }[] | undefined) ?? []).map((f) => f.url).filter((u): u is string => !!u)) : [],
  );
}

export interface Erased {
  [collection: string]: number;
  blobs: number;
  accounts: number;
}

/**
 * Erases every trace of the person in the container: the holders' documents (blobs first,
 * then the documents that point at them, applications last so a crash midway leaves the
 * person findable for a second run), then a staff-less account the person made only to
 * read their applications. Records the erasure in the event log with counts only.
 */
export async function erasePerson(deps: ServerDeps, containerId: number, p: Person, byUserId: number, action = 'gdpr_erasure'): Promise<Erased> {
  const found = await collectPerson(deps, containerId, p);
  const counts: Erased = { blobs: 0, accounts: 0 };
  for (const id of blobIdsOf(found)) {
    await deps.blobs.delete(id).catch(() => undefined);
    counts.blobs += 1;
  }
  const ordered = [...found].sort((a, b) => Number(a.holder.collection === 'applications') - Number(b.holder.collection === 'applications'));
  for (const { holder } of ordered) {
    const filter = filterFor(holder, containerId, p);
    if (filter) counts[holder.collection] = (counts[holder.collection] ?? 0) + (await deps.store.collection(holder.collection).deleteMany(filter));
  }
  counts.accounts = await removeCandidateAccounts(deps, p.emails);
  // Copies of mail to the person kept in the file outbox go too (SMTP keeps none).
  if (deps.mail?.forget) {
    let mails = 0;
    for (const email of p.emails) mails += await deps.mail.forget(email).catch(() => 0);
    counts.outboxMails = mails;
  }
  await recordEvent(deps, { action, userId: byUserId, containerId, counts });
  return counts;
}

/** An account with no staff right anywhere and no application left anywhere goes too. */
async function removeCandidateAccounts(deps: ServerDeps, emails: string[]): Promise<number> {
  let n = 0;
  for (const email of emails) {
    const user = await findUserByEmail(deps.store, email);
    if (!user || user.role === 'odin') continue;
    const [memberships, applications] = await Promise.all([
      deps.store.collection('memberships').count({ userId: user.id }),
      deps.store.collection('applications').count({ email }),
    ]);
    if (memberships > 0 || applications > 0) continue;
    await bumpTokenVersion(deps.store, user.id);
    n += await deps.store.collection('users').deleteOne({ id: user.id });
  }
  return n;
}

export const DEFAULT_RETENTION_MONTHS = 36;

/** The retention period in months: RETENTION_MONTHS when set to a whole number ≥ 1, else 36. */
export function retentionMonths(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.RETENTION_MONTHS);
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_RETENTION_MONTHS;
}

/** Unix seconds `months` calendar months before `now` (UTC). */
export function monthsBefore(now: number, months: number): number {
  const d = new Date(now * 1000);
  d.setUTCMonth(d.getUTCMonth() - months);
  return Math.floor(d.getTime() / 1000);
}

/**
 * The retention job: applications received more than `months` ago are erased with
 * everything linked to them (files, notifications, skill answers); a person's conversation
 * goes when none of their applications in that organisation is left. One event per
 * organisation records the counts. Works in batches, so a large backlog never loads at once.
 */
export async function runRetention(deps: ServerDeps, months = retentionMonths()): Promise<{ applications: number; containers: number }> {
  const cutoff = monthsBefore(deps.now(), months);
  const apps = deps.store.collection<ApplicationDoc>('applications');
  let total = 0;
  const touched = new Set<number>();
  for (;;) {
    const batch = await apps.find({ created: { $lt: cutoff } }, { projection: { id: 1, containerId: 1, email: 1 }, limit: 200, sort: { id: 1 } });
    if (!batch.length) break;
    for (const cid of new Set(batch.map((a) => a.containerId))) {
      const mine = batch.filter((a) => a.containerId === cid);
      const p: Person = { emails: [], ssns: [], applicationIds: mine.map((a) => a.id), knownSsns: [], sameSsnEmails: [] };
      const found = await collectPerson(deps, cid, p);
      for (const id of blobIdsOf(found)) await deps.blobs.delete(id).catch(() => undefined);
      for (const { holder } of found.sort((a, b) => Number(a.holder.collection === 'applications') - Number(b.holder.collection === 'applications'))) {
        const f = filterFor(holder, cid, p);
        if (f) await deps.store.collection(holder.collection).deleteMany(f);
      }
      // Conversations of people with nothing left in the organisation.
      for (const email of new Set(mine.map((a) => a.email))) {
        if ((await apps.count({ containerId: cid, email })) === 0) {
          for (const h of HOLDERS.filter((x) => x.person?.email && !x.application && x.collection !== 'applications')) {
            await deps.store.collection(h.collection).deleteMany({ [h.container]: cid, [h.person!.email!]: email });
          }
        }
      }
      const left = await apps.count({ id: { $in: p.applicationIds } });
      if (left > 0) throw new Error(`retention could not erase ${left} applications in container ${cid}`);
      total += mine.length;
      touched.add(cid);
      await recordEvent(deps, { action: 'gdpr_retention', userId: 0, containerId: cid, counts: { applications: mine.length, months } });
    }
  }
  return { applications: total, containers: touched.size };
}
