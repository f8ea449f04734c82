import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { errors, HttpError } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import type { Store } from '../../store/port';
import type { AssetDoc, ContainerDoc, FolderDoc } from '../core/docs';
import { saveAsset } from './assets';
import { ensureFolder } from '../templates/templates';
import { publicAssetUrl } from '../../../engine/imageLimits';
import type { ActionAnswer } from '../../../schemas/generated/actions';

/** One image of an organisation's image folder as a screen lists it: its public address, never its bytes. */
export type FolderImage = ActionAnswer['upload_folderImage'];

const view = (a: Pick<AssetDoc, 'id' | 'folderId' | 'containerId' | 'name' | 'contentType'>): FolderImage => ({
  id: a.id,
  folderId: a.folderId,
  name: a.name,
  contentType: a.contentType,
  url: publicAssetUrl(a.containerId, a.id),
});

/** The images of the folder named `name` (none when it does not exist yet), oldest first. */
export async function folderImages(store: Store, containerId: number, name: string): Promise<FolderImage[]> {
  const folder = await store.collection<FolderDoc>('folders').findOne({ containerId, name });
  if (!folder) return [];
  const assets = await store.collection<AssetDoc>('assets').find({ containerId, folderId: folder.id }, { sort: { id: 1 } });
  return assets.filter((a) => a.contentType.startsWith('image/')).map(view);
}

/** `data:image/png;base64,AAAA` → its type and base64 text; null for anything else. */
function parseDataUrl(dataUrl: string): { contentType: string; data: string } | null {
  const m = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+);base64,(.+)$/is.exec(dataUrl);
  if (!m) return null;
  const type = m[1]!.toLowerCase();
  return { contentType: type === 'image/jpg' ? 'image/jpeg' : type, data: m[2]! };
}

/**
 * Adds an uploaded image (a data: URL, as the upload verb reads a file) to the folder named
 * `name`, creating the folder the first time (and removing it again if the image is refused); saveAsset checks the bytes against the type and
 * the folder's size limits (a refusal names /dataUrl, the field sent).
 */
export async function uploadFolderImage(deps: ServerDeps, container: ContainerDoc, input: { folder: string; name: string; dataUrl: string }, author: string): Promise<FolderImage> {
  const parsed = parseDataUrl(input.dataUrl);
  if (!parsed || !parsed.contentType.startsWith('image/')) throw errors.invalid([{ path: '/dataUrl', message: sv.org.imageUnreadable }], sv.org.imageUnreadable);
  const folders = deps.store.collection<FolderDoc>('folders');
  const existed = await folders.findOne({ containerId: container.id, name: input.folder });
  const folder = existed ?? (await ensureFolder(deps.store, container.id, input.folder));
  try {
    return view(await saveAsset(deps, container, { folderId: folder.id, containerId: container.id, name: input.name.slice(0, 200), ...parsed }, author));
  } catch (err) {
    // Nothing half-stored: a folder made for this upload goes with its refusal, if still empty.
    if (!existed && (await deps.store.collection('assets').count({ containerId: container.id, folderId: folder.id })) === 0) await folders.deleteMany({ id: folder.id });
    // saveAsset names /data and /contentType; both came from the one field sent here.
    if (err instanceof HttpError && err.code === 'invalid') throw errors.invalid([{ path: '/dataUrl', message: err.message }], err.message);
    throw err;
  }
}
