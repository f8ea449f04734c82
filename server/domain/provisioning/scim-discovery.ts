import { CORE_USER, DEFS, ENTERPRISE_USER, type AttrDef } from './scim-attributes';
import { MAX_PAGE } from './scim-users';

/**
 * The discovery resources (RFC 7644 §4, RFC 7643 §5–7): what this service provider does,
 * the one resource type (User, with the enterprise extension) and the schemas of its
 * attributes, made from the attribute table the PATCH code reads (scim-attributes.ts).
 */

const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

function attribute(name: string, type: string, extra: Record<string, unknown> = {}) {
  return { name, type, multiValued: false, required: false, caseExact: false, mutability: 'readWrite', returned: 'default', uniqueness: 'none', ...extra };
}

function described(def: AttrDef) {
  if (def.kind === 'string' || def.kind === 'boolean') {
    return def.name === 'userName' ? attribute('userName', 'string', { required: true, uniqueness: 'server' }) : attribute(def.name, def.kind);
  }
  const subAttributes = Object.entries(def.subs ?? {}).map(([n, k]) => attribute(n, k));
  return attribute(def.name, 'complex', { multiValued: def.kind === 'multi', subAttributes });
}

export function serviceProviderConfig(base: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${base.replace(/\/scim\/v2$/, '')}/api/openapi.json`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [{ type: 'oauthbearertoken', name: 'Bearer-token', description: 'Organisationens SCIM-token i Authorization: Bearer <token>.', primary: true }],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

const userResourceType = (base: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
  id: 'User',
  name: 'User',
  endpoint: '/Users',
  schema: CORE_USER,
  schemaExtensions: [{ schema: ENTERPRISE_USER, required: false }],
  meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
});

function schemaResources(base: string) {
  const core = DEFS.filter((d) => d.name !== 'enterprise').map(described);
  const enterprise = Object.keys(DEFS.find((d) => d.name === 'enterprise')?.subs ?? {}).map((n) =>
    n === 'manager' ? attribute('manager', 'complex', { subAttributes: [attribute('value', 'string')] }) : attribute(n, 'string'),
  );
  const meta = (id: string) => ({ resourceType: 'Schema', location: `${base}/Schemas/${id}` });
  return [
    { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'], id: CORE_USER, name: 'User', description: 'Användare', attributes: core, meta: meta(CORE_USER) },
    { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'], id: ENTERPRISE_USER, name: 'EnterpriseUser', description: 'Användare i företag', attributes: enterprise, meta: meta(ENTERPRISE_USER) },
  ];
}

const listOf = (resources: unknown[]) => ({ schemas: [LIST], totalResults: resources.length, startIndex: 1, itemsPerPage: resources.length, Resources: resources });

/** GET /ResourceTypes, /ResourceTypes/User, /Schemas, /Schemas/{urn}: the answer, or null for an unknown id. */
export function discovery(base: string, kind: 'ResourceTypes' | 'Schemas', id: string | undefined): unknown {
  const all: { id: string }[] = kind === 'ResourceTypes' ? [userResourceType(base)] : schemaResources(base);
  if (id === undefined) return listOf(all);
  return all.find((r) => r.id === id) ?? null;
}

export { LIST };
