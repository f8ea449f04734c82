import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ServerDeps } from '../../base/deps';
import type { Doc, Filter } from '../../store/port';
import { flushReadLog } from './read-log';

/**
 * The catalogue of personal data, read from the entity schemas. An entity that holds personal
 * data declares `x-gdpr` (docs/contracts.md "Personal data"):
 * - `collection`, `container`: where its documents are and which field names their organisation;
 * - `application`: the field linking a document to one application — it is removed with that
 *   application on every removal path (withdraw, staff delete, position delete, erasure, retention);
 * - `person`: the fields linking it to a person (`email`, `ssn`) — found and erased with the
 *   person; a holder linked by email only (a conversation) goes when the person's last
 *   application in the organisation goes;
 * - `blobs`: a list of `{ url }` in the blob store; `outbox`: the name of a kept mail copy
 *   (DATA_DIR/outbox), both removed before the documents that point at them;
 * - `consent`: true for data kept on the person's own consent (the talent pool): it has its
 *   own clock and is not removed when the person's last application goes.
 * Every property says `x-pii: true|false` (tests/unit/gdpr/tags.test.ts). Export and every
 * removal path walk these holders, so a new holder is covered once it is tagged.
 */

export interface Holder {
  entity: string;
  collection: string;
  container: string;
  person?: { email?: string; ssn?: string };
  application?: string;
  blobs?: string;
  outbox?: string;
  consent?: boolean;
  pii: string[];
}

interface EntitySchema {
  'x-gdpr'?: { collection?: string; container?: string; person?: Holder['person']; application?: string; blobs?: string; outbox?: string; consent?: boolean };
  properties?: Record<string, { 'x-pii'?: boolean }>;
}

const entitiesDir = resolve(import.meta.dirname, '../../../schemas/entities');

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
        outbox: g.outbox,
        consent: g.consent,
        pii: props.filter(([, p]) => p['x-pii'] === true).map(([k]) => k),
      },
    ];
  });

/**
 * Collections the server writes that hold no data about applicants, each with its reason in
 * schemas/personal-data.json (accounts, rights, settings, positions, templates, the event log).
 */
export const NO_APPLICANT_DATA: readonly string[] = Object.keys(
  (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../schemas/personal-data.json'), 'utf8')) as { none: Record<string, string> }).none,
);

const get = (doc: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), doc);

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

/** A person made of applications only (a withdraw, a staff delete, a position delete, retention). */
export const applicationsOnly = (ids: number[]): Person => ({ emails: [], ssns: [], applicationIds: ids, knownSsns: [], sameSsnEmails: [] });

/** The filter that finds a holder's documents of the person in the container. */
export function filterFor(h: Holder, containerId: number, p: Person): Filter | null {
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
  // Reads recorded a moment ago are part of what is stored (read-log.ts).
  await flushReadLog(deps);
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

/** Kept mail copies (`x-gdpr.outbox`: the copy's name) the holders' documents point at. */
export function outboxCopiesOf(found: Found[]): string[] {
  return found.flatMap(({ holder, docs }) => (holder.outbox ? docs.map((d) => get(d, holder.outbox!)).filter((c): c is string => typeof c === 'string') : []));
}

/**
 * Holders linked to a person by email only (conversations): they go with the person's last
 * application in the organisation. Consent-kept data (the talent pool) has its own clock.
 */
export const BY_EMAIL_ONLY = HOLDERS.filter((h) => h.person?.email && !h.application && !h.consent);
