import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import { DuplicateKeyError, type Store } from '../../store/port';
import type { AssetDoc, ContainerDoc, FolderDoc } from '../core/docs';
import { strip } from '../core/docs';
import { decodeBase64, sniff, sniffImage } from './sniff';
import { imageSize } from './imageSize';
import { IMAGE_LIMITS, imageSizeProblem } from '../../../engine/imageLimits';
import { TEMPLATES_FOLDER, saveTemplate } from '../templates/templates';
import type { ActionData } from '../../../schemas/generated/actions';

const m = sv.domain;
const MAX_ASSET_BYTES = 5_000_000;

export async function loadFolder(store: Store, containerId: number, id: number): Promise<FolderDoc> {
  const f = await store.collection<FolderDoc>('folders').findOne({ id, containerId });
  if (!f) throw errors.notFound();
  return f;
}

export async function createFolder(deps: ServerDeps, containerId: number, name: string): Promise<FolderDoc> {
  try {
    const doc: FolderDoc = { id: await deps.store.nextSequence('folders'), containerId, name };
    return strip(await deps.store.collection<FolderDoc>('folders').insertOne(doc)) as FolderDoc;
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw errors.conflict(m.folderExists);
    throw err;
  }
}

export async function listFolders(store: Store, containerId: number) {
  const list = await store.collection<FolderDoc>('folders').find({ containerId }, { sort: { name: 1 } });
  return list.map(strip);
}

export async function folderWithAssets(store: Store, containerId: number, id: number) {
  const folder = await loadFolder(store, containerId, id);
  const assets = await store.collection<AssetDoc>('assets').find({ containerId, folderId: id }, { sort: { id: 1 } });
  return { ...strip(folder), assets: assets.map(strip) };
}

/**
 * The content types a container asset may have, each checked against the bytes: what is
 * served publicly (banners, logos) must be what it says it is.
 */
function assetTypeMatches(contentType: string, bytes: Uint8Array): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('image/')) return sniffImage(bytes) === (type === 'image/jpg' ? 'image/jpeg' : type);
  if (type === 'application/pdf') return sniff(bytes)?.kind === 'pdf';
  if (type === 'application/json') {
    try {
      JSON.parse(Buffer.from(bytes).toString('utf8'));
      return true;
    } catch {
      return false;
    }
  }
  if (type === 'text/plain') return sniff(bytes)?.kind === 'txt';
  return false;
}

/**
 * The organisation's image folders (ad images, logo, public banner) take images only, within
 * that folder's width and height limits (engine/imageLimits.ts), each refusal in Swedish.
 */
function checkImageLimits(folderName: string, contentType: string, bytes: Uint8Array): void {
  const limits = IMAGE_LIMITS[folderName];
  if (!limits) return;
  const size = contentType.startsWith('image/') ? imageSize(bytes) : null;
  if (!size) throw errors.invalid([{ path: '/data', message: sv.org.imageUnreadable }], sv.org.imageUnreadable);
  const problem = imageSizeProblem(size, limits, { small: sv.org.imageTooSmall, large: sv.org.imageTooLarge });
  if (problem) throw errors.invalid([{ path: '/data', message: problem }], problem);
}

export type AssetInput = ActionData['create_containerAssetCommand'];

/**
 * Creates or updates a container asset. In the PositionTemplates folder it is a position
 * template and goes through the template checks (no way around them by choosing this call);
 * elsewhere the bytes must match the declared content type.
 */
export async function saveAsset(deps: ServerDeps, container: ContainerDoc, input: AssetInput, author: string) {
  const folder = await loadFolder(deps.store, container.id, input.folderId);
  if (folder.name === TEMPLATES_FOLDER) {
    if (input.contentType !== 'application/json') throw errors.invalid([{ path: '/contentType', message: m.templatesFolderOnly }], m.templatesFolderOnly);
    return strip(await saveTemplate(deps, container, folder, input, author));
  }
  const bytes = decodeBase64(input.data);
  if (!bytes) throw errors.invalid([{ path: '/data', message: m.assetType }], m.assetType);
  if (bytes.byteLength > MAX_ASSET_BYTES) throw errors.invalid([{ path: '/data', message: m.fileTooLarge }], m.fileTooLarge);
  if (!assetTypeMatches(input.contentType, bytes)) throw errors.invalid([{ path: '/contentType', message: m.assetType }], m.assetType);
  checkImageLimits(folder.name, input.contentType, bytes);
  const assets = deps.store.collection<AssetDoc>('assets');
  const now = deps.now();
  if (input.id === undefined) {
    const doc: AssetDoc = {
      id: await deps.store.nextSequence('assets'),
      folderId: folder.id,
      containerId: container.id,
      name: input.name,
      contentType: input.contentType,
      data: input.data,
      revision: 1,
      created: now,
      updated: now,
    };
    return strip(await assets.insertOne(doc));
  }
  const current = await assets.findOne({ id: input.id, containerId: container.id, folderId: folder.id });
  if (!current) throw errors.notFound();
  const filter: Record<string, unknown> = { id: input.id, containerId: container.id, folderId: folder.id };
  if (input.revision !== undefined) filter.revision = input.revision;
  const updated = await assets.updateOne(filter, {
    $set: { name: input.name, contentType: input.contentType, data: input.data, updated: now },
    $inc: { revision: 1 },
  });
  if (!updated) throw errors.conflict(m.assetStale, [{ path: '/revision', value: String(current.revision), message: m.assetStale }]);
  return strip(updated);
}

export async function deleteAsset(store: Store, containerId: number, folderId: number, id: number) {
  const n = await store.collection('assets').deleteOne({ id, containerId, folderId });
  if (!n) throw errors.notFound();
  return { id };
}
