import sv from '../../schemas/messages/sv.json';
import type { MetadataProperty } from '../../engine/types';
import type { PositionTemplate as GeneratedTemplate } from '../../schemas/generated/entities';
import type { AssetView, FolderView } from '../../schemas/generated/actions';
import { ApiError, dispatch } from '../api';

/** The folder name the spec fixes for position templates. */
const TEMPLATES_FOLDER = 'PositionTemplates';

/** The stored template's shape comes from its schema (schemas/entities/position-template.json). */
export type TemplateType = GeneratedTemplate['availableInPositionTypes'][number];

/** A position template (form template) as stored in its JSON asset, with the engine's field type. */
export type PositionTemplate = Omit<GeneratedTemplate, 'metadata'> & { metadata: MetadataProperty[] };

/** A template's asset as the asset actions answer it; a template read from a list may lack its data and revision. */
export type Asset = Omit<AssetView, 'data' | 'revision' | 'created' | 'updated'> & Partial<Pick<AssetView, 'data' | 'revision'>>;

export interface StoredTemplate {
  asset: Asset;
  template: PositionTemplate;
}

type Folder = FolderView;

/** Base64 of the UTF-8 bytes (templates hold Swedish text, so not btoa of the string itself). */
function encodeJson(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

function decodeJson(base64: string): unknown {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** Thrown when the container has no PositionTemplates folder ('Hittade inga mallar, vänligen kontakta support'). */
export class NoTemplatesFolder extends Error {
  constructor() {
    super(sv.builder.noTemplates);
    this.name = 'NoTemplatesFolder';
  }
}

async function templatesFolder(containerId: number): Promise<Folder> {
  const folders = (await dispatch('get_folders', { containerId })) ?? [];
  const folder = folders.find((f) => f.name === TEMPLATES_FOLDER);
  if (!folder) throw new NoTemplatesFolder();
  return folder;
}

function decodeAsset(asset: Asset): StoredTemplate | null {
  try {
    const t = decodeJson(asset.data ?? '') as PositionTemplate;
    return t && Array.isArray(t.metadata) ? { asset, template: { ...t, availableInPositionTypes: t.availableInPositionTypes ?? [] } } : null;
  } catch {
    return null;
  }
}

/** Every template of the container (unreadable assets are skipped, not shown broken). */
export async function listTemplates(containerId: number): Promise<{ folder: Folder; templates: StoredTemplate[] }> {
  const folder = await templatesFolder(containerId);
  const full = await dispatch('get_folder', { containerId, id: folder.id });
  const templates = (full.assets ?? [])
    .filter((a) => a.contentType === 'application/json')
    .map(decodeAsset)
    .filter((t): t is StoredTemplate => t !== null);
  return { folder, templates };
}

/**
 * Creates (no asset id) or updates a template. An update sends the revision it read; the
 * server answers 409 when someone saved in between, and nothing is overwritten.
 */
export async function saveTemplate(
  containerId: number,
  folderId: number,
  template: PositionTemplate,
  asset?: Pick<Asset, 'id' | 'revision'>,
  opts: { keepalive?: boolean } = {},
): Promise<Asset> {
  const data = {
    ...(asset ? { id: asset.id, revision: asset.revision ?? 1 } : {}),
    folderId,
    containerId,
    data: encodeJson(template),
    contentType: 'application/json' as const,
    name: template.name,
  };
  return dispatch('create_positionTemplateAssetCommand', data, '', opts);
}

export function isConflict(err: unknown): boolean {
  return err instanceof ApiError && err.status === 409;
}

/** A new template key: letters, digits, _ and - as the entity schema allows. */
export function newTemplateKey(): string {
  const rand = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().replace(/-/g, '').slice(0, 12) : Math.random().toString(36).slice(2, 14);
  return `template_${rand}`;
}
