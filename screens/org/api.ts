/** What the organisation-settings views share: the images of a folder (issue 11). */
import type { Asset } from '../runner/imageUpload';
import { dispatch } from '../api';

export type { Asset };

/** The images of one of the organisation's folders (none when the folder does not exist yet). */
export async function folderImages(containerId: number, name: string): Promise<Asset[]> {
  const folders = await dispatch('get_folders', { containerId });
  const folder = folders.find((f) => f.name === name);
  if (!folder) return [];
  const full = await dispatch('get_folder', { containerId, id: folder.id });
  return full.assets.filter((a) => a.contentType.startsWith('image/'));
}
