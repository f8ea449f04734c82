/**
 * Width and height of an image from its header bytes (png, jpeg, gif, bmp, webp), without
 * decoding it. Null when the header cannot be read: a caller then refuses the image.
 */
export function imageSize(b: Uint8Array): { width: number; height: number } | null {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const at = (i: number, n: number) => i + n <= b.length;
  // PNG: IHDR is the first chunk.
  if (at(0, 24) && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    return { width: dv.getUint32(16), height: dv.getUint32(20) };
  }
  // GIF87a / GIF89a: logical screen size, little-endian.
  if (at(0, 10) && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) {
    return { width: dv.getUint16(6, true), height: dv.getUint16(8, true) };
  }
  // BMP: BITMAPINFOHEADER; a negative height means top-down rows.
  if (at(0, 26) && b[0] === 0x42 && b[1] === 0x4d) {
    return { width: Math.abs(dv.getInt32(18, true)), height: Math.abs(dv.getInt32(22, true)) };
  }
  // JPEG: walk the segments to the first start-of-frame marker.
  if (at(0, 4) && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (at(i, 9)) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1]!;
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      const len = dv.getUint16(i + 2);
      const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (sof) return { width: dv.getUint16(i + 7), height: dv.getUint16(i + 5) };
      i += 2 + len;
    }
    return null;
  }
  // WebP: RIFF....WEBP then VP8 / VP8L / VP8X.
  if (at(0, 30) && String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP') {
    const kind = String.fromCharCode(...b.subarray(12, 16));
    if (kind === 'VP8 ') return { width: dv.getUint16(26, true) & 0x3fff, height: dv.getUint16(28, true) & 0x3fff };
    if (kind === 'VP8L') {
      const bits = dv.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (kind === 'VP8X') {
      const w = b[24]! | (b[25]! << 8) | (b[26]! << 16);
      const h = b[27]! | (b[28]! << 8) | (b[29]! << 16);
      return { width: w + 1, height: h + 1 };
    }
  }
  return null;
}
