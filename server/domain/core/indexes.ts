import type { IndexSpec, Store } from '../../store/port';

/**
 * The indexes the domain relies on (docs/collections.md). The unique (positionId, email)
 * index is what refuses a second application even when two arrive at the same moment, so
 * the domain makes sure of it itself instead of trusting that someone else created it.
 */
const specs: Record<string, IndexSpec[]> = {
  positions: [
    { fields: { id: 1 }, unique: true },
    { fields: { linkId: 1 } },
    { fields: { containerId: 1, start: 1 } },
  ],
  positionForms: [{ fields: { positionId: 1, version: 1 }, unique: true }],
  // What was last announced to webhooks of each position, open or closed (positions/position-events.ts).
  positionAnnouncements: [{ fields: { positionId: 1 }, unique: true }],
  applications: [
    { fields: { id: 1 }, unique: true },
    { fields: { positionId: 1, email: 1 }, unique: true },
    { fields: { containerId: 1, interestLabelId: 1, id: 1 } },
    { fields: { positionId: 1, interestLabelId: 1, id: 1 } },
    // Lists and search without a label filter walk these newest first.
    { fields: { containerId: 1, id: 1 } },
    { fields: { positionId: 1, id: 1 } },
    { fields: { containerId: 1, processLabelId: 1, id: 1 } },
    // The pipeline board's columns: one Process level of a position, newest first.
    { fields: { positionId: 1, processLabelId: 1, id: 1 } },
    // The position page sorted by name (applicant-filters.ts: info.name, then id).
    { fields: { positionId: 1, 'info.name': 1, id: 1 } },
    // Sorted by rating (scorecards.ts: the team's average, highest first, then newest).
    { fields: { positionId: 1, ratingAvg: -1, id: -1 } },
  ],
  // One scorecard per application, rater and interview (0: the application's own); a removal finds an application's by its id.
  scorecards: [
    { fields: { id: 1 }, unique: true },
    { fields: { applicationId: 1, raterId: 1, interviewId: 1 }, unique: true },
    // What one person rated in a position: the first part of the blind rating order (applicant-order.ts).
    { fields: { raterId: 1, positionId: 1 } },
  ],
  // References (references/): the referee's link finds its reference by the token's hash; the applicant page and the removal path by application.
  references: [{ fields: { id: 1 }, unique: true }, { fields: { tokenHash: 1 }, unique: true }, { fields: { applicationId: 1 } }],
  // The read log (gdpr/read-log.ts): per application for the administrator's section and the removal paths, by time for the 12-month prune.
  readLog: [{ fields: { applicantId: 1, at: -1 } }, { fields: { at: 1 } }],
  scoreCriteria: [{ fields: { positionId: 1 }, unique: true }],
  interviewKits: [{ fields: { positionId: 1, processLabelId: 1 }, unique: true }],
  // Form drop-off counters (analysis/funnel.ts): one per position, day and step.
  formFunnel: [{ fields: { positionId: 1, day: 1, step: 1 }, unique: true }],
  // Interviews (domain/interviews/store.ts): a link by its hash, an application's, a slot set's.
  interviews: [{ fields: { id: 1 }, unique: true }, { fields: { tokenHash: 1 }, unique: true }, { fields: { applicationId: 1 } }, { fields: { setId: 1 } }, { fields: { status: 1, start: 1 } }],
  interviewSlots: [{ fields: { id: 1 }, unique: true }, { fields: { setId: 1, start: 1 } }, { fields: { status: 1, start: 1 } }],
  // One claim per interviewer and five-minute block: what refuses a double booking.
  interviewerTimes: [{ fields: { key: 1 }, unique: true }, { fields: { slotId: 1 } }, { fields: { setId: 1 } }],
  calendarFeeds: [{ fields: { userId: 1 }, unique: true }, { fields: { tokenHash: 1 } }],
  accessibilityStatements: [{ fields: { containerId: 1 }, unique: true }],
  accessibilityReports: [{ fields: { containerId: 1, id: -1 } }],
  // An organisation's OpenID sign-in (domain/sso/settings.ts), found by an address's domain at login; its flows by their hash (flow.ts).
  ssoSettings: [{ fields: { containerId: 1 }, unique: true }],
  ssoFlows: [{ fields: { kind: 1, hash: 1 }, unique: true }, { fields: { expires: 1 } }],
  // SCIM (domain/provisioning/): one settings row per organisation, found by its token's hash; a user link per userName and per account.
  scimSettings: [{ fields: { containerId: 1 }, unique: true }, { fields: { tokenHash: 1 } }],
  scimUsers: [{ fields: { containerId: 1, userNameKey: 1 }, unique: true }, { fields: { containerId: 1, userId: 1 }, unique: true }, { fields: { containerId: 1, id: 1 } }, { fields: { userId: 1 } }],
  folders: [{ fields: { containerId: 1, name: 1 }, unique: true }],
  assets: [{ fields: { id: 1 }, unique: true }, { fields: { containerId: 1, folderId: 1 } }],
  notifications: [{ fields: { containerId: 1, timestamp: 1 } }],
  // The removal path (removal.ts) finds an application's mail copies and skill answers by its id.
  mailCopies: [{ fields: { id: 1 }, unique: true }, { fields: { containerId: 1, applicationId: 1 } }],
  // A reply mail finds its application by the token of its address; the removal path by application.
  replyAddresses: [{ fields: { token: 1 }, unique: true }, { fields: { applicationId: 1 }, unique: true }, { fields: { containerId: 1, applicationId: 1 } }],
  applicantAnswers: [{ fields: { applicantId: 1 } }],
  chatMessages: [{ fields: { containerId: 1, email: 1 } }],
  // One claim per job and period across every instance (server/jobs/runs.ts).
  jobRuns: [{ fields: { key: 1 }, unique: true }],
  // One heartbeat per instance (server/deployment/peers.ts).
  instances: [{ fields: { key: 1 }, unique: true }],
  // The outboxes in Mongo mode (mail/store-outbox.ts, integrations.ts): by name, and mail by address for an erasure.
  mailOutbox: [{ fields: { name: 1 }, unique: true }, { fields: { address: 1 } }],
  partnerOutbox: [{ fields: { name: 1 }, unique: true }],
  // Second factors, one per user, and the login tickets between the password and the factor (accounts/mfa/).
  mfa: [{ fields: { userId: 1 }, unique: true }],
  mfaTickets: [{ fields: { id: 1 }, unique: true }, { fields: { expiresAt: 1 } }],
  containerMfa: [{ fields: { containerId: 1 }, unique: true }],
  // API keys (integrations/api-keys.ts): found by the key's hash on every call, listed per organisation.
  apiKeys: [{ fields: { id: 1 }, unique: true }, { fields: { hash: 1 }, unique: true }, { fields: { containerId: 1, id: 1 } }],
};

/**
 * Substring search (search.ts, the list's name/email filter: a case-insensitive `$regex` of
 * escaped text) gets a trigram index on the embedded store; MongoDB has no substring index,
 * so there the regex scans the container's rows.
 */
const textSpecs: Record<string, string[]> = {
  applications: ['info.name', 'email'],
  positions: ['name'],
};

interface TextIndexing {
  ensureTextIndex(collection: string, paths: string[]): Promise<void>;
}

function hasTextIndexes(store: Store): store is Store & TextIndexing {
  return typeof (store as Partial<TextIndexing>).ensureTextIndex === 'function';
}

/**
 * Indexes the domain once declared and no longer does, dropped before the declared ones are
 * made: a unique index that grew a field would otherwise keep refusing, in every database made
 * before the change, what the new one allows.
 */
const retired: Record<string, IndexSpec[]> = {
  // Issue 30 item 2: one scorecard per application and rater became one per interview too.
  scorecards: [{ fields: { applicationId: 1, raterId: 1 }, unique: true }],
  // Issue 27 item 3: an application's link goes with its application (by applicationId), so
  // nothing looks its links up by address; the index cost every application a page.
  applicationLinks: [{ fields: { email: 1 } }],
};

const done = new WeakMap<Store, Promise<void>>();

/** Ensures the domain's indexes once per store instance (idempotent, cached). */
export function ensureDomainIndexes(store: Store): Promise<void> {
  let p = done.get(store);
  if (!p) {
    p = (async () => {
      for (const [name, list] of Object.entries(retired)) {
        for (const spec of list) await store.collection(name).dropIndex(spec);
      }
      for (const [name, list] of Object.entries(specs)) {
        const col = store.collection(name);
        for (const spec of list) await col.ensureIndex(spec);
      }
      if (hasTextIndexes(store)) {
        for (const [name, paths] of Object.entries(textSpecs)) await store.ensureTextIndex(name, paths);
      }
    })();
    // A failure must not be cached forever: the next call retries.
    p.catch(() => done.delete(store));
    done.set(store, p);
  }
  return p;
}
