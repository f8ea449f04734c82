import type { ActionAnswer, ActionData, ActionName } from '../../schemas/generated/actions';
import type { TokenUser } from '../auth/tokens';
import type { BusMessage, Coordination } from '../coord/port';
import type { Mailer } from '../mail';
import type { BlobStore, Store } from '../store/port';

/**
 * The contract between the dispatcher (server/dispatcher/*) and the action handlers
 * (server/actions/*). Each action is a schema file `schemas/actions/<action>.json`:
 *
 *   { "$schema": …, "title": "<action>", "description": "…",
 *     "x-role": Role, "x-scope": Scope,
 *     "type": "object", "additionalProperties": false, "properties": {…}, "required": [… ] }
 *
 * A schema that takes a shared part (schemas/shared/, e.g. the applicant filter) composes it
 * instead of restating it: `"allOf": [{ "$ref": "https://blankett.se/schemas/shared/…" }]` with
 * `"unevaluatedProperties": false` in place of `additionalProperties`; a single property may
 * `$ref` a shared schema or one of its properties (`…/applicant-filter.json#/properties/labelId`).
 *
 * The schema is the `data` schema. The dispatcher validates `data` against it (compiled once
 * at start), then resolves the scope to a container (and position) and checks the role on
 * the server before the handler runs. A handler without schema, or a schema without
 * handler, role or scope, is a start-up error.
 */

/** Who may call: any logged-in user, or a container role (Administrator ⊇ Write ⊇ Read), or odin only. */
export type Role = 'user' | 'read' | 'write' | 'admin' | 'odin';

/**
 * What the call is about, i.e. where the role is checked:
 * - none: no object (role must be 'user' or 'odin');
 * - container: `data.containerId` (or `data.id` for container actions like get_container);
 * - position: `data.positionId` ?? `data.id` — per-position Administrator/Write count too;
 * - applicant: `data.id` ?? `data.applicantId` (an application) → its position → container;
 * - applicants: `data.ids` (applications), each checked.
 */
export type Scope = 'none' | 'container' | 'position' | 'applicant' | 'applicants';

export interface Principal {
  userId: number;
  email: string;
  givenName: string;
  familyName: string;
  isOdin: boolean;
  /**
   * The account's email is proven (server/auth/users.ts isEmailProven). The candidate area
   * shows and changes nothing about a person for an unproven caller; absent = unproven.
   */
  emailProven?: boolean;
  /** When this session was opened by following a mailed link (unix seconds), if it was. */
  linkAt?: number;
  /**
   * The token version the session was issued at (equal to the account's when it was checked).
   * Every write that issues a token is conditional on it (a compare-and-set in the store), so a
   * proof, logout or password change that lands while a call is in flight makes that call write
   * and issue nothing. Absent only on principals made outside authentication (tests).
   */
  tokenVersion?: number;
}

/** What the policy resolved before the handler runs. */
export interface Resolved {
  containerId?: number;
  positionId?: number;
  /** For scope 'applicants': the containers the ids belong to (all checked). */
  containerIds?: number[];
}

export interface Hub {
  /**
   * Pushes an event to the members of a container's group. `ref` names what the event was
   * built from in the store, so other instances (server/coord/fanout.ts) can rebuild it from
   * there instead of trusting the bus; without it the event stays on this instance.
   */
  publish(containerId: number, event: { type: 'Notification' | 'Exception' | 'SendToGroup'; [k: string]: unknown }, ref?: Exclude<BusMessage, { kind: 'revoked' }>): void;
  close(): Promise<void>;
}

export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export interface ServerDeps {
  store: Store;
  blobs: BlobStore;
  hub: Hub;
  log: Logger;
  /** Outgoing mail: SMTP when SMTP_URL is set, else the DATA_DIR/outbox files (server/mail.ts). */
  mail: Mailer;
  /** The portal's public base URL (PUBLIC_URL) for links in mails; createApp sets it from the config. */
  publicUrl?: string;
  /**
   * The domain of per-application reply addresses when the inbound SMTP endpoint listens
   * (SMTP_INBOUND_PORT set); unset: a mail to an applicant answers to the organisation's email.
   */
  replyDomain?: string;
  /** DATA_DIR, for files the server writes besides the store (e.g. DATA_DIR/partner-outbox). */
  dataDir?: string;
  /** Clock in unix seconds (injectable for tests). */
  now(): number;
  /**
   * The dependencies GET /api/health reports besides the store, by name (`redis` when REDIS_URL
   * is set, `smtp` when SMTP_URL is): each resolves when its component answers and rejects
   * otherwise. Only /api/health/dependencies answers 503 for them (server/routes/health.ts).
   */
  healthChecks?: Record<string, () => Promise<unknown>>;
  /** The key that seals list cursors (server/domain/list-cursor.ts), derived from JWT_SECRET; absent: one per process. */
  cursorKey?: Uint8Array;
  /** Shared counters, tickets and bus (server/coord); createApp sets it, absent means this process only. */
  coord?: Coordination;
}

export interface ActionContext {
  principal: Principal;
  resolved: Resolved;
  deps: ServerDeps;
  /** Query parameters of the dispatcher call (e.g. `?filter=` for search). */
  query: Record<string, string | undefined>;
  /** Signs a fresh session token for a user as stored now (account actions answer one). */
  issueToken?: (user: TokenUser) => Promise<string>;
}

/**
 * The handler of action N, typed from its schema file (`npm run gen`): `data` is what the data
 * schema admits, and the answer must fit its `x-answer`, so a handler reading or sending a
 * field the schema lacks fails the type check.
 */
export type Handler<N extends ActionName> = (ctx: ActionContext, data: ActionData[N]) => Promise<ActionAnswer[N]>;

/** A handler as the registry holds it, its action no longer known statically. */
export type AnyHandler = (ctx: ActionContext, data: never) => Promise<unknown>;

/**
 * What each file in server/actions/ exports: `export const actions: ActionTable = { name: handler }`.
 * Only names with a schema file are accepted (excess keys fail the type check).
 */
export type ActionTable = { [N in ActionName]?: Handler<N> };
