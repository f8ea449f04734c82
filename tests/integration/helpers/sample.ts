import type { Scope } from '../../../server/domain/accounts/access';

type Schema = Record<string, any>;

/** The ids a sample call points at: one set per container ("world" or "sandbox"). */
export interface Ids {
  containerId: number;
  positionId: number;
  applicationId: number;
  applicationEmail: string;
  notificationId: number;
  folderId: number;
  assetId: number;
  membershipId: number;
  labelId: number;
  positionTypeId: number;
  /** A registered member (Read) the permission actions may act on; never a caller. */
  targetEmail: string;
  /** The caller's own user id (update_account). */
  userId: number;
}

let unique = 0;

/** Known string patterns of the catalogue → a value that matches. */
const PATTERN_SAMPLES: [RegExp, (name: string) => string][] = [
  [/^\^#\(/, () => '#FFFFFF'],
  [/^\^\[a-z0-9-\]\{1,40\}\$$/, () => 'rounded-md'],
  [/^\^\[a-z0-9\]\(\?:/, () => `sample-${Math.random().toString(36).slice(2, 8)}`],
  [/^\^\[0-9\+\(\)/, () => '070-123 45 67'],
  [/^\^\[\^\$\.\]\+\$$/, (name) => `k_${name}`],
  [/^\^\[\^\/\\\\\]\+\$$/, () => `Mapp ${++unique}`],
];

/** Which object a bare `id` means for an action, by the scope and the action's name. */
export function idFor(action: string, scope: Scope, schema: Schema, ids: Ids): number {
  if (scope === 'position') return ids.positionId;
  if (scope === 'applicant') return ids.applicationId;
  if (/update_account/.test(action)) return ids.userId;
  if (/[Nn]otification/.test(action)) return ids.notificationId;
  if (/userContainerPermission/.test(action)) return ids.membershipId;
  if (/Asset/.test(action)) return ids.assetId;
  if (/[Ff]older/.test(action)) return ids.folderId;
  if (/jobapplication|[Aa]pplicant/.test(action)) return ids.applicationId;
  if (scope === 'container' && !schema.properties?.containerId) return ids.containerId;
  return ids.positionId;
}

function integer(name: string, s: Schema, ctx: { action: string; scope: Scope; root: Schema; ids: Ids }): number {
  const { ids } = ctx;
  if (Array.isArray(s.enum)) return s.enum[0];
  const byName: Record<string, number> = {
    containerId: ids.containerId,
    positionId: ids.positionId,
    applicantId: ids.applicationId,
    applicationId: ids.applicationId,
    folderId: ids.folderId,
    labelId: ids.labelId,
    positionTypeId: ids.positionTypeId,
    after: ids.applicationId,
  };
  let v = name === 'id' ? idFor(ctx.action, ctx.scope, ctx.root, ids) : (byName[name] ?? 1);
  if (typeof s.maximum === 'number' && v > s.maximum) v = s.maximum;
  if (typeof s.minimum === 'number' && v < s.minimum) v = s.minimum;
  return v;
}

function string(name: string, s: Schema, ids: Ids): string {
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.format === 'email' || name === 'email') return ids.targetEmail;
  if (name === 'userId') return ids.applicationEmail;
  if (name === 'contentType') return 'application/json';
  if (name === 'data') return Buffer.from('{}').toString('base64');
  if (typeof s.pattern === 'string') {
    const hit = PATTERN_SAMPLES.find(([re]) => re.test(s.pattern));
    if (hit) return hit[1](name);
  }
  const min = typeof s.minLength === 'number' ? s.minLength : 1;
  // Unique, so two creations of a named thing (folder, position type) do not collide.
  return `Provtext ${++unique}`.padEnd(min, 'x').slice(0, s.maxLength ?? 1000);
}

/**
 * A minimal value that the schema accepts (required properties only), with ids taken from
 * `ids` by property name. Tests check the sample against the compiled validator first, so a
 * schema this cannot satisfy fails loudly instead of turning into a 400 that hides the policy.
 */
export function sample(schema: Schema, ctx: { action: string; scope: Scope; ids: Ids }, name = '', root: Schema = schema): unknown {
  const c = { ...ctx, root };
  if ('const' in schema) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key] ?? {}, ctx, key, root);
      return out;
    }
    case 'array': {
      if (name === 'ids') return [ctx.ids.applicationId];
      const n = schema.minItems ?? 0;
      const items = schema.items ?? {};
      if (Array.isArray(items.enum)) return items.enum.slice(0, Math.max(n, 0));
      return Array.from({ length: n }, () => sample(items, ctx, name, root));
    }
    case 'integer':
    case 'number':
      return integer(name, schema, c);
    case 'boolean':
      return false;
    case 'string':
      return string(name, schema, ctx.ids);
    default:
      if (Array.isArray(schema.enum)) return schema.enum[0];
      return null;
  }
}
