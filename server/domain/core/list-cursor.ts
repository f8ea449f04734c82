import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ServerDeps } from '../../base/deps';
import { errors } from '../../errors';
import type { Cursor } from '../applicants/applicant-order';

/**
 * The `next` / `after` of a position's applicant list, opaque (issue 24 item 4): the row's
 * place in its order (phase, id, name or average) sealed with AES-256-GCM under a key derived
 * from the server secret (JWT_SECRET, the same on every instance), and bound to the viewer,
 * the position and the sort it was given for. A client can neither read it (a rating cursor
 * would carry the team's average) nor make or change one: anything that does not open is
 * refused with a 400 in Swedish and never interpreted. A cursor from before a key rotation is
 * refused the same way (the list is read from the start).
 */

/** What a cursor is given for: the viewer, the position and the sort. */
export interface CursorScope {
  viewerId: number;
  positionId: number;
  sort: string;
}

const IV = 12;
const TAG = 16;
// Deps built without a key (unit fixtures) seal with one per process.
const processKey = randomBytes(32);

/** The cursor key of a server secret (createApp puts it in `deps.cursorKey`). */
export function cursorKeyOf(secret: Uint8Array): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'blankett', 'applicant list cursor', 32));
}

const keyOf = (deps: Pick<ServerDeps, 'cursorKey'>) => deps.cursorKey ?? processKey;
const scopeOf = (s: CursorScope) => `${s.viewerId}|${s.positionId}|${s.sort}`;

export function sealCursor(deps: Pick<ServerDeps, 'cursorKey'>, cursor: Cursor, scope: CursorScope): string {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', keyOf(deps), iv);
  cipher.setAAD(Buffer.from(scopeOf(scope)));
  const body = Buffer.concat([cipher.update(JSON.stringify(cursor), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

function refused(): never {
  const message = sv.applicants.server.cursorInvalid;
  throw errors.invalid([{ path: '/after', message }], message);
}

function isCursor(v: unknown): v is Cursor {
  if (!v || typeof v !== 'object') return false;
  const c = v as Record<string, unknown>;
  return (
    Number.isSafeInteger(c.phase) && (c.phase as number) >= 0 && Number.isSafeInteger(c.id) &&
    (c.name === undefined || typeof c.name === 'string') && (c.avg === undefined || Number.isFinite(c.avg))
  );
}

/** The cursor sealed for `scope`, or a 400 for anything else (hand-made, changed, another list's). */
export function openCursor(deps: Pick<ServerDeps, 'cursorKey'>, token: unknown, scope: CursorScope): Cursor {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]+$/.test(token)) refused();
  const raw = Buffer.from(token, 'base64url');
  if (raw.length <= IV + TAG) refused();
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(deps), raw.subarray(0, IV));
    decipher.setAAD(Buffer.from(scopeOf(scope)));
    decipher.setAuthTag(raw.subarray(raw.length - TAG));
    const text = Buffer.concat([decipher.update(raw.subarray(IV, raw.length - TAG)), decipher.final()]).toString('utf8');
    const cursor: unknown = JSON.parse(text);
    if (isCursor(cursor)) return cursor;
  } catch {
    // Not sealed with this key for this scope: refused below.
  }
  return refused();
}
