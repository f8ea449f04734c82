import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import employmentAgency from '../../../schemas/entities/integration-employment-agency.json' with { type: 'json' };
import classifiedAd from '../../../schemas/entities/integration-classified-ad.json' with { type: 'json' };
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ServerDeps } from '../../base/deps';
import { errors } from '../../errors';
import type { ContainerDoc, PositionDoc } from '../core/docs';
import { plainText } from '../organisations/profile';
import { writeFileAtomic } from '../../store/atomic-file';

/**
 * Partner integrations (spec document 1 §3 "Integration item"): the employment agency
 * (typeId 3) and the classified-ad site (typeId 2). Each type's fields are a JSON Schema in
 * schemas/entities/; its `required` list is what a position needs before it is published.
 * No partner is reachable from here: publishing writes the outgoing document to
 * DATA_DIR/partner-outbox/, as mail goes to DATA_DIR/outbox, so everything up to the wire is
 * real and testable and a transport can pick the files up.
 */

type Schema = Record<string, unknown> & { required?: string[]; anyOf?: unknown };

export interface PartnerType {
  typeId: 2 | 3;
  name: string;
  schema: Schema;
}

export const PARTNERS: PartnerType[] = [
  { typeId: 3, name: 'Arbetsförmedlingen', schema: employmentAgency as Schema },
  { typeId: 2, name: 'Platsannonssajt', schema: classifiedAd as Schema },
];

export function partner(typeId: number, path: string): PartnerType {
  const p = PARTNERS.find((x) => x.typeId === typeId);
  if (!p) throw errors.invalid([{ path, message: sv.org.integrationUnknownType }], sv.org.integrationUnknownType);
  return p;
}

// strictRequired off: the anyOf branches name properties declared at the top (senderId or transactionId).
const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true, useDefaults: false });
// Compiled once: the full schema (publishing) and one without required fields (saved defaults, drafts).
const validators = new Map<number, { full: ValidateFunction; partial: ValidateFunction }>(
  PARTNERS.map((p) => {
    const { $id, $schema, required, anyOf, ...rest } = p.schema;
    return [p.typeId, { full: ajv.compile({ ...rest, ...(required ? { required } : {}), ...(anyOf ? { anyOf } : {}) }), partial: ajv.compile(rest) }];
  }),
);

function problems(errs: ErrorObject[] | null | undefined, base: string) {
  const out: { path: string; message: string }[] = [];
  for (const e of errs ?? []) {
    if (e.keyword === 'anyOf') continue; // each branch already reported its missing field
    const missing = e.keyword === 'required' ? `/${String((e.params as { missingProperty: string }).missingProperty)}` : '';
    const path = `${base}${e.instancePath}${missing}`;
    if (!out.some((o) => o.path === path)) out.push({ path, message: e.keyword === 'required' ? sv.org.integrationRequired : sv.org.integrationInvalid });
  }
  return out;
}

/** The problems of a type's data at `base` (e.g. /settings/0/data); `complete` checks the required fields too. */
export function checkData(typeId: number, data: unknown, base: string, complete: boolean) {
  const v = validators.get(typeId)!;
  const fn = complete ? v.full : v.partial;
  return fn(data) ? [] : problems(fn.errors, base);
}

/** Empty strings are "not given": they never override a default nor count as a required value. */
export function compact(data: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data ?? {})
      .map(([k, v]) => [k, typeof v === 'string' ? plainText(v) : Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? plainText(x) : x)) : v] as const)
      .filter(([, v]) => v !== '' && v !== null && v !== undefined),
  );
}

/** Where partner documents wait in Mongo mode (several instances share the database, not a DATA_DIR). */
export const PARTNER_OUTBOX = 'partnerOutbox';

/**
 * Writes one outgoing document and answers its name: to DATA_DIR/partner-outbox/<name> on the
 * embedded store, to the `partnerOutbox` collection (`{ name, doc, created }`) on Mongo, where
 * a transport of any instance finds it.
 */
export async function writeOutgoing(
  deps: ServerDeps,
  action: 'publish' | 'withdraw',
  type: PartnerType,
  container: ContainerDoc,
  position: PositionDoc,
  data: Record<string, unknown>,
): Promise<string> {
  const name = `${Date.now()}-${randomBytes(4).toString('hex')}-position-${position.id}-type-${type.typeId}-${action}.json`;
  const profile = (container.profile ?? {}) as Record<string, unknown>;
  const doc = {
    action,
    typeId: type.typeId,
    partner: type.name,
    createdAt: new Date(deps.now() * 1000).toISOString(),
    organisation: { id: container.id, name: container.name, displayName: container.displayName ?? container.name, orgNumber: profile.orgNumber ?? null },
    position: {
      id: position.id,
      name: position.name,
      description: position.description,
      text: position.text,
      city: position.city,
      start: position.start,
      stop: position.stop,
      isInternal: position.isInternal,
    },
    data,
  };
  if (deps.store.kind === 'mongo') {
    await deps.store.collection(PARTNER_OUTBOX).insertOne({ name, doc, created: deps.now() });
    return name;
  }
  const dir = join(deps.dataDir ?? './data', 'partner-outbox');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFileAtomic(join(dir, name), JSON.stringify(doc, null, 2));
  return name;
}
