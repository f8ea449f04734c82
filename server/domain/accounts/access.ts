import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { errors } from '../../errors';
import { findByIds } from '../../store/slices';
import type { Principal } from '../../base/principal';
import type { ServerDeps } from '../../base/deps';

/** Who may call: any logged-in user, or a container role (Administrator ⊇ Write ⊇ Read), or odin only. */
export type Role = 'user' | 'read' | 'write' | 'admin' | 'odin';

/**
 * What the call is about, i.e. where the role is checked:
 * - none: no object (role must be 'user' or 'odin');
 * - container: `data.containerId` (or `data.id` for container actions like get_container);
 * - position: `data.positionId` ?? `data.id` — per-position Administrator/Write count too;
 * - applicant: `data.id` ?? `data.applicantId` ?? `data.applicationId` (an application) → its position → container;
 * - applicants: `data.ids` (applications), each checked.
 */
export type Scope = 'none' | 'container' | 'position' | 'applicant' | 'applicants';

/** What the policy resolved before the handler runs. */
export interface Resolved {
  containerId?: number;
  positionId?: number;
  /** For scope 'applicants': the containers the ids belong to (all checked). */
  containerIds?: number[];
  /** The caller's highest level there ('odin' for odin): what a handler may show (read-log.ts, protected-identity.ts). */
  level?: Level | 'odin';
}

const highest = (p: Principal, levels: Set<Level>): Level | 'odin' => (p.isOdin ? 'odin' : levels.has('admin') ? 'admin' : levels.has('write') ? 'write' : 'read');

/** Permission ids (docs/collections.md): 1 Administrator, 2 Write, 3 Read. */
export const PERMISSIONS = { 1: 'Administrator', 2: 'Write', 3: 'Read' } as const;
export type PermissionName = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];
type Level = 'admin' | 'write' | 'read';

const LEVELS_OF_ID: Record<number, Level[]> = { 1: ['admin', 'write', 'read'], 2: ['write', 'read'], 3: ['read'] };
const LEVELS_OF_POSITION: Record<string, Level[]> = { Administrator: ['admin', 'write', 'read'], Write: ['write', 'read'] };

type Data = Record<string, unknown>;

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const nestedId = (v: unknown): unknown => (v && typeof v === 'object' ? (v as Data).id : undefined);

/**
 * The levels a user holds in a container (and, given a position, on that position):
 * container permission ids plus per-position Administrator/Write. Empty for an outsider.
 * Odin is not special-cased here; callers check `isOdin` first.
 */
async function levelsIn(deps: Pick<ServerDeps, 'store'>, userId: number, containerId: number, positionId?: number): Promise<Set<Level>> {
  const levels = new Set<Level>();
  const membership = await deps.store.collection('memberships').findOne({ containerId, userId });
  for (const id of (membership?.permissionIds as number[] | undefined) ?? []) for (const l of LEVELS_OF_ID[id] ?? []) levels.add(l);
  if (positionId !== undefined && membership) {
    const pp = await deps.store.collection('positionPermissions').findOne({ positionId, userId });
    for (const l of LEVELS_OF_POSITION[String(pp?.permissionName)] ?? []) levels.add(l);
  }
  return levels;
}

/**
 * Role check on what the levels say. Access rule (documented in docs/contracts.md): a user
 * with no right at all in the object's container gets 404 — the object might as well not
 * exist — while a member whose role is too low gets 403.
 */
function check(principal: Principal, role: Role, levels: Set<Level>): void {
  if (principal.isOdin) return;
  if (levels.size === 0) throw errors.notFound();
  if (role === 'odin') throw errors.forbidden();
  const need: Level = role === 'user' ? 'read' : role;
  if (!levels.has(need)) throw errors.forbidden();
}

async function containerAccess(deps: Pick<ServerDeps, 'store'>, p: Principal, role: Role, containerId: unknown): Promise<Resolved> {
  if (!isId(containerId)) throw errors.invalid([{ path: '/containerId', message: sv.server.fields.missing }]);
  const container = await deps.store.collection('containers').findOne({ id: containerId }, { projection: { id: 1 } });
  if (!container) throw errors.notFound();
  const levels = p.isOdin ? new Set<Level>() : await levelsIn(deps, p.userId, containerId);
  check(p, role, levels);
  return { containerId, level: highest(p, levels) };
}

async function positionAccess(deps: Pick<ServerDeps, 'store'>, p: Principal, role: Role, positionId: unknown, data: Data): Promise<Resolved> {
  if (!isId(positionId)) throw errors.invalid([{ path: '/positionId', message: sv.server.fields.missing }]);
  const position = await deps.store.collection('positions').findOne({ id: positionId }, { projection: { id: 1, containerId: 1 } });
  if (!position) throw errors.notFound();
  const containerId = position.containerId as number;
  // Ids from two containers in one call are never a legitimate request.
  if (data.containerId !== undefined && data.containerId !== containerId) throw errors.notFound();
  const levels = p.isOdin ? new Set<Level>() : await levelsIn(deps, p.userId, containerId, positionId);
  check(p, role, levels);
  return { containerId, positionId, level: highest(p, levels) };
}

async function applicantAccess(deps: Pick<ServerDeps, 'store'>, p: Principal, role: Role, applicantId: unknown, data: Data): Promise<Resolved> {
  if (!isId(applicantId)) throw errors.invalid([{ path: '/id', message: sv.server.fields.missing }]);
  const app = await deps.store.collection('applications').findOne({ id: applicantId }, { projection: { id: 1, positionId: 1, containerId: 1 } });
  if (!app) throw errors.notFound();
  if (data.positionId !== undefined && data.positionId !== app.positionId) throw errors.notFound();
  return positionAccess(deps, p, role, app.positionId, data);
}

async function applicantsAccess(deps: Pick<ServerDeps, 'store'>, p: Principal, role: Role, ids: unknown, data: Data): Promise<Resolved> {
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every(isId)) throw errors.invalid([{ path: '/ids', message: sv.server.fields.missing }]);
  const unique = [...new Set(ids as number[])];
  // Read a slice at a time: a 50,000-id list must not hold the event loop (store/slices.ts).
  const apps = await findByIds(deps.store.collection('applications'), unique, { id: 1, positionId: 1 });
  // Typically a colleague deleted one of a bulk selection: refuse all, say why (issue 9).
  if (apps.length !== unique.length) throw errors.notFound(sv.applicants.server.applicantsGone);
  const containerIds = new Set<number>();
  for (const positionId of new Set(apps.map((a) => a.positionId as number))) {
    const r = await positionAccess(deps, p, role, positionId, data);
    containerIds.add(r.containerId!);
  }
  const list = [...containerIds];
  return { containerIds: list, ...(list.length === 1 ? { containerId: list[0] } : {}) };
}

/**
 * Checks that `principal` holds `role` for what `data` points at under `scope`, and returns
 * the resolved ids. Throws 404 when the object does not exist or lies in a container the user
 * has no right in, 403 when the user is a member with too low a role. Odin passes every check
 * (objects must still exist). Used by the dispatcher before every handler and by routes
 * outside it (e.g. the staff file download).
 */
export async function requireAccess(deps: Pick<ServerDeps, 'store'>, principal: Principal, role: Role, scope: Scope, data: Data): Promise<Resolved> {
  switch (scope) {
    case 'none':
      if (role === 'odin' && !principal.isOdin) throw errors.forbidden();
      return {};
    case 'container':
      return containerAccess(deps, principal, role, data.containerId ?? data.id);
    case 'position':
      return positionAccess(deps, principal, role, data.positionId ?? data.id, data);
    case 'applicant':
      // update_jobApplicant names its application inside `applicant` (the spec's field).
      return applicantAccess(deps, principal, role, data.id ?? data.applicantId ?? data.applicationId ?? nestedId(data.applicant), data);
    case 'applicants':
      return applicantsAccess(deps, principal, role, data.ids, data);
  }
}

/** Non-throwing variant: does the principal hold `role` there? */
export async function hasAccess(deps: Pick<ServerDeps, 'store'>, principal: Principal, role: Role, scope: Scope, data: Data): Promise<boolean> {
  try {
    await requireAccess(deps, principal, role, scope, data);
    return true;
  } catch {
    return false;
  }
}

/**
 * The user ids holding at least Read on a position (the same rule as `levelsIn`): members of
 * its organisation with an organisation-wide right, and members with a right on the position.
 * The people who may interview for it (create_interviewSlots checks each with `hasAccess`).
 */
export async function readersOfPosition(deps: Pick<ServerDeps, 'store'>, containerId: number, positionId: number): Promise<number[]> {
  const members = await deps.store.collection('memberships').find({ containerId }, { projection: { userId: 1, permissionIds: 1 } });
  const onPosition = await deps.store.collection('positionPermissions').find({ positionId }, { projection: { userId: 1, permissionName: 1 } });
  const reads = (levels: Level[] | undefined) => !!levels?.includes('read');
  return members
    .filter((m) => ((m.permissionIds as number[] | undefined) ?? []).some((id) => reads(LEVELS_OF_ID[id])) || onPosition.some((pp) => pp.userId === m.userId && reads(LEVELS_OF_POSITION[String(pp.permissionName)])))
    .map((m) => m.userId as number);
}
