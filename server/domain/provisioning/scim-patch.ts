import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { applyAt, CORE_USER, ENTERPRISE_USER, IGNORED, isExtension, problem, type Attrs } from './scim-attributes';

/** More operations than any client sends for one user. */
const MAX_OPERATIONS = 100;

/**
 * A PatchOp body (RFC 7644 §3.5.2) applied to a copy of `attrs`: `add`, `replace` and `remove`
 * in any letter case (Entra sends `Replace`), with a path or with a value object whose keys are
 * paths (`{"op":"replace","value":{"active":false}}`, Okta's and Entra's shape). The whole
 * patch applies or nothing: the first refusal throws before anything is stored.
 */
export function applyPatch(attrs: Attrs, body: unknown): Attrs {
  const ops = body && typeof body === 'object' ? (body as { Operations?: unknown }).Operations : undefined;
  if (!Array.isArray(ops) || ops.length === 0 || ops.length > MAX_OPERATIONS) throw problem.invalidSyntax(sv.scim.noOperations);
  const next = structuredClone(attrs);
  for (const raw of ops) {
    if (!raw || typeof raw !== 'object') throw problem.invalidSyntax(sv.scim.noOperations);
    const { op, path, value } = raw as { op?: unknown; path?: unknown; value?: unknown };
    const name = typeof op === 'string' ? op.toLowerCase() : '';
    if (name !== 'add' && name !== 'replace' && name !== 'remove') throw problem.invalidSyntax(sv.scim.badOp);
    if (path !== undefined && path !== null && typeof path !== 'string') throw problem.invalidPath(String(path));
    if (typeof path === 'string' && path.trim() !== '') {
      applyAt(next, name, path, value);
      continue;
    }
    if (name === 'remove') throw problem.noTarget();
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw problem.invalidSyntax(sv.scim.valueObject);
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (IGNORED.has(k) || isExtension(k)) continue;
      applyAt(next, name, k, v);
    }
  }
  return next;
}

/** What a stored SCIM user is when read (RFC 7643 §4.1). */
export interface ScimUserView {
  id: number;
  attrs: Attrs;
  active: boolean;
  created: number;
  lastModified: number;
  version: number;
}

const iso = (s: number) => new Date(s * 1000).toISOString();

/** The User resource as SCIM answers it; `base` is `…/scim/v2`. */
export function toResource(row: ScimUserView, base: string): Record<string, unknown> {
  const { enterprise, ...core } = row.attrs as Attrs & { enterprise?: Record<string, unknown> };
  const out: Record<string, unknown> = { schemas: [CORE_USER], id: String(row.id), ...core, active: row.active };
  if (enterprise && Object.keys(enterprise).length) {
    const { manager, ...rest } = enterprise;
    out.schemas = [CORE_USER, ENTERPRISE_USER];
    out[ENTERPRISE_USER] = { ...rest, ...(typeof manager === 'string' ? { manager: { value: manager } } : {}) };
  }
  out.meta = { resourceType: 'User', created: iso(row.created), lastModified: iso(row.lastModified), location: `${base}/Users/${row.id}`, version: `W/"${row.version}"` };
  return out;
}
