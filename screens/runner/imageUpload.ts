/** An image uploaded to one of the organisation's folders, checked against the spec's limits first (the runner's image widget). */
import sv from '../../schemas/messages/sv.json';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { IMAGE_LIMITS, imageSizeProblem, publicAssetUrl } from '../../engine/imageLimits';
import { ApiError, dispatch } from '../api';

const t = sv.org;
const MAX_FILE_BYTES = 5_000_000;

type Folder = ActionAnswer['get_folders'][number];
export type Asset = ActionAnswer['get_folder']['assets'][number];

/** The organisation's folder of that name, created on first use. */
async function ensureFolder(containerId: number, name: string): Promise<Folder> {
  const folders = await dispatch('get_folders', { containerId });
  const found = folders.find((f) => f.name === name);
  if (found) return found;
  try {
    return await dispatch('create_Folder', { containerId, name });
  } catch (err) {
    // Someone else created it a moment ago.
    if (err instanceof ApiError && err.status === 409) {
      const again = (await dispatch('get_folders', { containerId })).find((f) => f.name === name);
      if (again) return again;
    }
    throw err;
  }
}
function dimensions(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(t.imageUnreadable));
    };
    img.src = url;
  });
}

function base64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error(t.imageUnreadable));
    reader.readAsDataURL(file);
  });
}

/**
 * Checks an image against the spec's limits before anything is sent (5 MB: 'Filen är för
 * stor'; the folder's width and height: 'Bilden är för liten/stor …'), returns the message or
 * null. The server checks the same again.
 */
async function imageProblem(file: File, folderName: string): Promise<string | null> {
  if (file.size > MAX_FILE_BYTES) return t.fileTooLarge;
  if (!/^image\/(png|jpe?g|gif|bmp|webp)$/.test(file.type)) return t.imageUnreadable;
  const limits = IMAGE_LIMITS[folderName];
  let size: { width: number; height: number };
  try {
    size = await dimensions(file);
  } catch {
    return t.imageUnreadable;
  }
  return limits ? imageSizeProblem(size, limits, { small: t.imageTooSmall, large: t.imageTooLarge }) : null;
}

/** Uploads an image to the folder (checked first) and answers the stored asset and its public URL. */
export async function uploadImage(containerId: number, folderName: string, file: File): Promise<{ asset: Asset; url: string }> {
  const problem = await imageProblem(file, folderName);
  if (problem) throw new Error(problem);
  const folder = await ensureFolder(containerId, folderName);
  const asset = await dispatch('create_containerAssetCommand', {
    containerId,
    folderId: folder.id,
    name: file.name.slice(0, 200) || 'bild',
    contentType: file.type === 'image/jpg' ? 'image/jpeg' : file.type,
    data: await base64(file),
  });
  return { asset, url: publicAssetUrl(containerId, asset.id) };
}
