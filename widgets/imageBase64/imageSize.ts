/**
 * Width and height of an image read from its header bytes (PNG, GIF, BMP, JPEG, WebP), so the
 * size rule does not depend on the browser decoding the image.
 */
export interface ImageSize {
  width: number;
  height: number;
}

export function imageSizeFromBytes(b: Uint8Array): ImageSize | undefined {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const ascii = (at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));
  if (b.length >= 24 && b[0] === 0x89 && ascii(1, 3) === 'PNG' && ascii(12, 4) === 'IHDR') {
    return { width: v.getUint32(16), height: v.getUint32(20) };
  }
  if (b.length >= 10 && ascii(0, 3) === 'GIF') return { width: v.getUint16(6, true), height: v.getUint16(8, true) };
  if (b.length >= 26 && ascii(0, 2) === 'BM') {
    return { width: Math.abs(v.getInt32(18, true)), height: Math.abs(v.getInt32(22, true)) };
  }
  if (b.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return webpSize(b, v, ascii(12, 4));
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b, v);
  return undefined;
}

function webpSize(b: Uint8Array, v: DataView, chunk: string): ImageSize | undefined {
  if (chunk === 'VP8X') return { width: 1 + (v.getUint32(24, true) & 0xffffff), height: 1 + (v.getUint32(27, true) & 0xffffff) };
  if (chunk === 'VP8L') {
    const bits = v.getUint32(21, true);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ' && b.length >= 30) return { width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff };
  return undefined;
}

function jpegSize(b: Uint8Array, v: DataView): ImageSize | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: v.getUint16(at + 5), width: v.getUint16(at + 7) };
    }
    at += 2 + v.getUint16(at + 2);
  }
  return undefined;
}

export function dataUrlBytes(dataUrl: string): Uint8Array {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The size of an image data URL: from its header, else by letting the browser decode it. */
export async function measureImage(dataUrl: string): Promise<ImageSize | undefined> {
  const fromHeader = imageSizeFromBytes(dataUrlBytes(dataUrl));
  if (fromHeader) return fromHeader;
  if (typeof Image === 'undefined') return undefined;
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth ? { width: img.naturalWidth, height: img.naturalHeight } : undefined);
    img.onerror = () => resolve(undefined);
    img.src = dataUrl;
  });
}

export interface SizeLimits {
  minWidth?: number;
  minHeight?: number;
  maxWidth?: number;
  maxHeight?: number;
}

/** The caller's limits from the field's data (numbers or numeric strings). */
export function limitsOf(data: unknown): SizeLimits {
  const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const num = (name: keyof SizeLimits) => {
    const n = Number(record[name]);
    return record[name] !== undefined && record[name] !== '' && Number.isFinite(n) && n > 0 ? n : undefined;
  };
  return { minWidth: num('minWidth'), minHeight: num('minHeight'), maxWidth: num('maxWidth'), maxHeight: num('maxHeight') };
}

/** 'small' or 'large' when the image breaks the limits (either dimension), else undefined. */
export function checkSize(size: ImageSize, limits: SizeLimits): 'small' | 'large' | undefined {
  if ((limits.minWidth && size.width < limits.minWidth) || (limits.minHeight && size.height < limits.minHeight)) return 'small';
  if ((limits.maxWidth && size.width > limits.maxWidth) || (limits.maxHeight && size.height > limits.maxHeight)) return 'large';
  return undefined;
}
