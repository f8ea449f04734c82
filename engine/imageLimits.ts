import { fill } from './fill';
/**
 * The organisation's own images and their size limits (spec document 2 §5: the caller supplies
 * the minimum and maximum width and height). One folder per kind of image, so the server can
 * check an upload by the folder it goes to, and the browser checks the same numbers first.
 */
export interface ImageLimits {
  minWidth: number;
  minHeight: number;
  maxWidth: number;
  maxHeight: number;
}

export const IMAGE_FOLDERS = {
  /** Ad images ('Annonsbilder', /admin/banners); the ad builder offers them for a position. */
  adBanners: 'Annonsbilder',
  /** The company logo of the company profile. */
  logo: 'Logotyp',
  /** The public banner of the company profile (top of the organisation's page). */
  publicBanner: 'Sidbanner',
} as const;

export const IMAGE_LIMITS: Record<string, ImageLimits> = {
  [IMAGE_FOLDERS.adBanners]: { minWidth: 400, minHeight: 100, maxWidth: 4000, maxHeight: 3000 },
  [IMAGE_FOLDERS.logo]: { minWidth: 32, minHeight: 32, maxWidth: 2000, maxHeight: 2000 },
  [IMAGE_FOLDERS.publicBanner]: { minWidth: 600, minHeight: 100, maxWidth: 4000, maxHeight: 2000 },
};

/** The public address of a container asset (docs/contracts.md "Generic assets"). */
export function publicAssetUrl(containerId: number, assetId: number): string {
  return `/api/public/open/containers/${containerId}/assets?id=assets/${assetId}`;
}

/**
 * The Swedish message for an image outside its limits (spec document 2 §5), or null.
 * `small` / `large` are 'Bilden är för liten. Minsta storlek är {w}x{h}' and '… Max storlek är {w}x{h}'.
 */
export function imageSizeProblem(size: { width: number; height: number }, l: ImageLimits, texts: { small: string; large: string }): string | null {
  if (size.width < l.minWidth || size.height < l.minHeight) return fill(texts.small, { w: String(l.minWidth), h: String(l.minHeight) });
  if (size.width > l.maxWidth || size.height > l.maxHeight) return fill(texts.large, { w: String(l.maxWidth), h: String(l.maxHeight) });
  return null;
}
