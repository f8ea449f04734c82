import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { MetadataProperty } from '../../../engine/types';
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import { DuplicateKeyError, type Store } from '../../store/port';
import { assertPlainValue, UnsafeValueError } from '../../store/safe';
import type { AssetDoc, ContainerDoc, FolderDoc } from '../core/docs';
import { entityValidator, schemaDetails } from '../forms/entity-schema';
import { checkForm } from '../forms/forms';

const m = sv.domain;

/** The folder name the spec fixes for position templates. */
export const TEMPLATES_FOLDER = 'PositionTemplates';

interface TemplateType {
  positionTypeId: number;
  positionTypeName: string;
  included: boolean;
  default: boolean;
}

/** The decoded JSON of a position template asset (spec doc 1 §3). */
export interface PositionTemplate {
  [k: string]: unknown;
  key: string;
  name: string;
  description?: string;
  createdAt?: unknown;
  createdBy?: unknown;
  folderId?: number;
  availableInPositionTypes: TemplateType[];
  metadata: MetadataProperty[];
  /** 'reference': a reference form (server/domain/references/), never copied into a position; absent: an application form. */
  kind?: 'application' | 'reference';
}

/** Whether a template is a reference form (issue 30 item 3) rather than an application form. */
export const isReferenceForm = (t: PositionTemplate): boolean => t.kind === 'reference';

export function encodeTemplate(t: PositionTemplate): string {
  return Buffer.from(JSON.stringify(t), 'utf8').toString('base64');
}

/** Decodes a stored template asset; null when the stored bytes are not a template. */
function decodeTemplate(asset: AssetDoc): PositionTemplate | null {
  try {
    const t = JSON.parse(Buffer.from(asset.data, 'base64').toString('utf8')) as PositionTemplate;
    return t && typeof t === 'object' && Array.isArray(t.metadata) ? t : null;
  } catch {
    return null;
  }
}

async function nextId(store: Store, name: string): Promise<number> {
  return store.nextSequence(name);
}

/** The container's folder with that name, created when missing (a concurrent create wins). */
export async function ensureFolder(store: Store, containerId: number, name: string): Promise<FolderDoc> {
  const folders = store.collection<FolderDoc>('folders');
  const found = await folders.findOne({ containerId, name });
  if (found) return found;
  try {
    return await folders.insertOne({ id: await nextId(store, 'folders'), containerId, name });
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
    const again = await folders.findOne({ containerId, name });
    if (!again) throw err;
    return again;
  }
}

export interface StoredTemplate {
  asset: AssetDoc;
  template: PositionTemplate;
}

/** Every position template of a container (the assets of its PositionTemplates folder). */
export async function listTemplates(store: Store, containerId: number): Promise<StoredTemplate[]> {
  const folder = await store.collection<FolderDoc>('folders').findOne({ containerId, name: TEMPLATES_FOLDER });
  if (!folder) return [];
  const assets = await store.collection<AssetDoc>('assets').find({ containerId, folderId: folder.id }, { sort: { id: 1 } });
  const out: StoredTemplate[] = [];
  for (const asset of assets) {
    const template = decodeTemplate(asset);
    if (template) out.push({ asset, template });
  }
  return out;
}

/** The template to copy a new position's form from: by key, else the type's default. */
export async function templateForPosition(
  store: Store,
  containerId: number,
  positionTypeId: number,
  templateKey?: string,
): Promise<PositionTemplate> {
  const all = (await listTemplates(store, containerId)).filter((t) => !isReferenceForm(t.template));
  if (templateKey !== undefined) {
    const byKey = all.find((t) => t.template.key === templateKey);
    if (!byKey) throw errors.notFound(m.templateNotFound);
    return byKey.template;
  }
  const isDefault = (t: StoredTemplate) =>
    t.template.availableInPositionTypes?.some((a) => a.positionTypeId === positionTypeId && a.default);
  const chosen = all.find(isDefault);
  if (!chosen) throw errors.notFound(m.noTemplates);
  return chosen.template;
}

export interface SaveTemplateInput {
  id?: number;
  folderId: number;
  containerId: number;
  data: string;
  name: string;
  revision?: number;
}

function parseTemplate(data: string): PositionTemplate {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
  } catch {
    throw errors.invalid([{ path: '/data', message: 'base64 JSON expected' }], m.templateInvalid);
  }
  // The decoded JSON is client input like any body: no operator or prototype keys inside.
  try {
    assertPlainValue(parsed);
  } catch (err) {
    if (err instanceof UnsafeValueError) throw errors.invalid(err.details, m.templateInvalid);
    throw err;
  }
  const validate = entityValidator('position-template');
  if (!validate(parsed)) throw errors.invalid(schemaDetails(validate, '/data'), m.templateInvalid);
  return parsed as PositionTemplate;
}

/**
 * Creates or updates a position template asset. The JSON is validated against the entity
 * schema and compiled by the engine before anything is written; an update must carry the
 * revision it read (optimistic concurrency → 409 on a stale one); a default for a position
 * type is then cleared in the container's other templates.
 */
export async function saveTemplate(
  deps: ServerDeps,
  container: ContainerDoc,
  folder: FolderDoc,
  input: SaveTemplateInput,
  author: string,
): Promise<AssetDoc> {
  const { store } = deps;
  const template = parseTemplate(input.data);
  checkForm(template.metadata, '/data/metadata');
  // A reference form is never offered for a position type (nor its default).
  if (isReferenceForm(template)) template.availableInPositionTypes = [];
  const types = container.positionTypes ?? [];
  for (const [i, a] of (template.availableInPositionTypes ?? []).entries()) {
    const t = types.find((x) => x.id === a.positionTypeId);
    if (!t) throw errors.invalid([{ path: `/data/availableInPositionTypes/${i}/positionTypeId`, message: m.positionTypeUnknown }]);
    a.positionTypeName = t.name;
  }
  const others = (await listTemplates(store, container.id)).filter((t) => t.asset.id !== input.id);
  if (others.some((t) => t.template.key === template.key)) throw errors.conflict(m.templateKeyTaken);

  const assets = store.collection<AssetDoc>('assets');
  const now = deps.now();
  let saved: AssetDoc;
  if (input.id === undefined) {
    template.folderId = folder.id;
    template.createdAt = now;
    template.createdBy = author;
    saved = await assets.insertOne({
      id: await nextId(store, 'assets'),
      folderId: folder.id,
      containerId: container.id,
      name: input.name,
      contentType: 'application/json',
      data: encodeTemplate(template),
      revision: 1,
      created: now,
      updated: now,
    });
  } else {
    const current = await assets.findOne({ id: input.id, containerId: container.id, folderId: folder.id });
    if (!current) throw errors.notFound(m.templateNotFound);
    if (input.revision === undefined) throw errors.invalid([{ path: '/revision', message: 'required when id is given' }]);
    const before = decodeTemplate(current);
    template.folderId = folder.id;
    template.createdAt = before?.createdAt ?? now;
    template.createdBy = before?.createdBy ?? author;
    const updated = await assets.updateOne(
      { id: input.id, containerId: container.id, folderId: folder.id, revision: input.revision },
      { $set: { name: input.name, data: encodeTemplate(template), updated: now }, $inc: { revision: 1 } },
    );
    if (!updated) throw errors.conflict(m.templateStale, [{ path: '/revision', value: String(current.revision), message: m.templateStale }]);
    saved = updated;
  }
  await clearOtherDefaults(deps, others, template);
  return saved;
}

async function clearOtherDefaults(deps: ServerDeps, others: StoredTemplate[], saved: PositionTemplate): Promise<void> {
  const defaults = new Set(saved.availableInPositionTypes.filter((a) => a.default).map((a) => a.positionTypeId));
  if (defaults.size === 0) return;
  const assets = deps.store.collection<AssetDoc>('assets');
  for (const { asset, template } of others) {
    let changed = false;
    for (const a of template.availableInPositionTypes ?? []) {
      if (a.default && defaults.has(a.positionTypeId)) {
        a.default = false;
        changed = true;
      }
    }
    if (!changed) continue;
    await assets.updateOne(
      { id: asset.id },
      { $set: { data: encodeTemplate(template), updated: deps.now() }, $inc: { revision: 1 } },
    );
  }
}
