import type { ActionAnswer, NotificationView } from '../../../schemas/generated/actions';
import type { Asset, Folder, Label } from '../../../schemas/generated/entities';
import type { MetadataProperty } from '../../../engine/types';
import type { Doc } from '../../store/port';

/**
 * The stored shapes of the collections the domain reads and writes (docs/collections.md).
 * Index signatures keep them assignable to the store port's `Doc`.
 */

/** A label as stored in its container (schemas/entities/label.json), `isDefault` always written. */
/** A stored document of entity `E` (schemas/entities/): the keys `K` the domain always writes made required, open as the store port's `Doc`. */
export type Stored<E, K extends keyof E = never> = E & Required<Pick<E, K>> & Doc;

export type LabelDoc = Required<Label>;

export interface ContainerDoc {
  [k: string]: unknown;
  id: number;
  name: string;
  displayName?: string;
  theme?: unknown;
  positionTypes?: { id: number; name: string }[];
  labels?: LabelDoc[];
  profile?: Record<string, unknown>;
  messages?: Record<string, string>;
  /** The answer to the offer of default email templates (default-email-templates.ts); unset: not answered. */
  emailTemplateOffer?: 'accepted' | 'dismissed';
  /** Months applications are kept after a recruitment closes (gdpr/retention.ts; absent: 24). */
  retentionMonths?: number;
  /** Months a talent-pool consent lasts (gdpr/talent-pool.ts; absent: 24). */
  talentPoolMonths?: number;
}

export interface PositionDoc {
  [k: string]: unknown;
  id: number;
  /** Set while delete_position sweeps the position away; applications are refused meanwhile. */
  deleting?: boolean;
  containerId: number;
  name: string;
  text: string;
  description: string;
  city: string;
  start: number;
  stop: number;
  created: number;
  isArchived: boolean;
  isInternal: boolean;
  linkId: string;
  positionTypeId: number;
  responsibleId?: number;
  metadata: MetadataProperty[];
  formVersion: number;
  views: number;
  /** Slugs of the names the position had before (newest first), so old links answer 301. */
  previousSlugs?: string[];
  /** Anonymous screening (server/domain/screening.ts): hidden until this Process level; absent or null: off. */
  anonymous?: { untilProcessLabelId: number | null } | null;
}

export interface PositionFormDoc {
  [k: string]: unknown;
  positionId: number;
  version: number;
  metadata: MetadataProperty[];
  created: number;
}

export interface StoredFile {
  filename: string;
  type: string;
  url: string;
  size: number;
  key: string;
}

interface NoteDoc {
  id: number;
  note: string;
  created: number;
  author: string;
}

export interface LogEntry {
  at: number;
  what: string;
  by?: string;
  text: string;
}

export interface ApplicantInfo {
  [k: string]: unknown;
  firstname: string;
  lastname: string;
  name: string;
  email: string;
  ssn?: string;
  address?: string;
  zipCode?: string;
  city?: string;
  phone?: string;
}

export interface ApplicationDoc {
  [k: string]: unknown;
  id: number;
  containerId: number;
  positionId: number;
  email: string;
  created: number;
  metadata: Record<string, unknown>;
  formVersion: number;
  info: ApplicantInfo;
  interestLabelId: number | null;
  processLabelId: number | null;
  /** When the application entered its Process level (unix seconds); absent until the first move (then `created` counts). */
  processSince?: number;
  /** Every Process level it was moved to and when, oldest first (the time spent in each stage). */
  processHistory?: { labelId: number; at: number }[];
  /** The label move that put it on its Interest label / Process level (label-moves.ts); absent until the first move. */
  interestMove?: string;
  processMove?: string;
  /** When the application got its Interest label (unix seconds, the move's log time); absent until the first move (issue 30: time to reject). */
  interestSince?: number;
  /** Where the applicant came from (analysis/source.ts): the link's tag, the 'Var hittade du annonsen?' answer. */
  source?: { tag?: string; heard?: string };
  /** The move whose label template has been mailed (mail/template-claims.ts): one template mail per arrival. */
  interestMailed?: string;
  processMailed?: string;
  notes: NoteDoc[];
  /** How many notes: kept in the write that adds one, so lists need not read the notes. Absent on documents written before it. */
  notesCount?: number;
  /** Edits of the answers (update_jobApplicant) so far; absent before the first. */
  revision?: number;
  /** Scorecards (scorecards.ts): the mean of the scorecards' averages, how many, by whom, and a revision for concurrent saves. Absent until the first rating. */
  ratingAvg?: number;
  ratingCount?: number;
  ratedBy?: number[];
  ratingRev?: number;
  logs: LogEntry[];
  files: StoredFile[];
  /** Skyddade personuppgifter (applicants/protected-identity.ts): contact data shown to administrators only. */
  protectedIdentity?: boolean;
  /** A writer asked the applicant to name referees on Mina sidor (references/applicant.ts); `named` once they have. */
  refereesWanted?: { count: number; at: number; by: string; templateKey?: string; named?: number };
}

/** `memberships`: a user's container permissions (1 Administrator, 2 Write, 3 Read). */
export type MembershipDoc = ActionAnswer['update_ContainerUserPermissionsCommand'] & Doc;

/** `positionPermissions`: a member's right on one position. */
export type PositionPermissionDoc = ActionAnswer['create_positionPermission'] & Doc;

export type FolderDoc = Stored<Folder, 'id'>;

export type AssetDoc = Stored<Asset, 'id' | 'data' | 'revision' | 'created' | 'updated'>;

export type NotificationDoc = NotificationView & Doc;

/**
 * Drops the store's internal `_id` before a document leaves the server. Typed as `T` (our doc
 * types never declare `_id`): `Omit` over an index signature would lose the declared keys.
 */
export function strip<T extends Record<string, unknown>>(doc: T): T {
  const { _id: _ignored, ...rest } = doc as T & { _id?: unknown };
  return rest as T;
}
