import { describe, expect, it } from 'vitest';
import { imageSize } from '../../../server/domain/organisations/imageSize';
import { solidPng } from '../../integration/helpers/png';

describe('imageSize', () => {
  it('reads a PNG header', () => {
    expect(imageSize(solidPng(640, 120))).toEqual({ width: 640, height: 120 });
  });

  it('reads a GIF logical screen and a BMP info header (top-down rows too)', () => {
    const gif = Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x03, 0x58, 0x02]);
    expect(imageSize(gif)).toEqual({ width: 800, height: 600 });
    const bmp = Buffer.alloc(26);
    bmp.write('BM', 0, 'ascii');
    bmp.writeInt32LE(300, 18);
    bmp.writeInt32LE(-200, 22);
    expect(imageSize(bmp)).toEqual({ width: 300, height: 200 });
  });

  it('walks JPEG segments to the start-of-frame marker', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00];
    const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x02, 0x58, 0x03];
    expect(imageSize(Buffer.from([0xff, 0xd8, ...app0, ...sof0]))).toEqual({ width: 600, height: 300 });
  });

  it('answers null for bytes that are no image it knows', () => {
    expect(imageSize(Buffer.from('%PDF-1.4 hello'))).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0x00]))).toBeNull();
  });
});
