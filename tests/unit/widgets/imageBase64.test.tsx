import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderForm } from '../engine/react/render';
import { checkSize, imageSizeFromBytes, limitsOf } from '../../../widgets/imageBase64/imageSize';

/** The first bytes of a real PNG of the given size: signature and IHDR chunk. */
function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

const png = (w: number, h: number, name = 'bild.png') => new File([pngHeader(w, h)], name, { type: 'image/png' });
const alertText = () => document.querySelector('.blk-image-upload [role="alert"]')?.textContent;

describe('image upload (imageBase64)', () => {
  it('stores an image within the limits as a data URL and shows it', async () => {
    const onChange = vi.fn();
    const { user } = renderForm({ onChange });
    await user.upload(screen.getByLabelText(/^Foto/), png(200, 300));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const value = (onChange.mock.lastCall?.[0] as { form_photo: string }).form_photo;
    expect(value.startsWith('data:image/png;base64,')).toBe(true);
    expect(screen.getByRole('img', { name: 'Vald bild' }).getAttribute('src')).toBe(value);
  });

  it("refuses an image below the minimum with 'Bilden är för liten. Minsta storlek är 100x100'", async () => {
    const onChange = vi.fn();
    const { user } = renderForm({ onChange });
    await user.upload(screen.getByLabelText(/^Foto/), png(99, 300));
    await waitFor(() => expect(alertText()).toBe('Bilden är för liten. Minsta storlek är 100x100'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("refuses an image above the maximum with 'Bilden är för stor. Max storlek är 2000x2000'", async () => {
    const { user } = renderForm();
    await user.upload(screen.getByLabelText(/^Foto/), png(200, 2001));
    await waitFor(() => expect(alertText()).toBe('Bilden är för stor. Max storlek är 2000x2000'));
  });

  it("refuses a file over 5 MB with 'Filen är för stor. Max 5MB'", async () => {
    const onChange = vi.fn();
    const { user } = renderForm({ onChange });
    const bytes = new Uint8Array(5_000_001);
    bytes.set(pngHeader(200, 200));
    await user.upload(screen.getByLabelText(/^Foto/), new File([bytes], 'stor.png', { type: 'image/png' }));
    await waitFor(() => expect(alertText()).toBe('Filen är för stor. Max 5MB'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps the previous image when a new one is refused, and can remove it', async () => {
    const onChange = vi.fn();
    const previous = 'data:image/png;base64,iVBORw0KGgo=';
    const { user } = renderForm({ onChange, answers: { form_photo: previous } });
    await user.upload(screen.getByLabelText(/^Foto/), png(10, 10));
    await waitFor(() => expect(alertText()).toMatch(/för liten/));
    expect(screen.getByRole('img', { name: 'Vald bild' }).getAttribute('src')).toBe(previous);
    await user.click(screen.getByRole('button', { name: 'Ta bort bilden' }));
    expect(onChange).toHaveBeenLastCalledWith({});
  });
});

describe('image size', () => {
  it('reads the size of PNG, GIF, BMP and JPEG headers', () => {
    expect(imageSizeFromBytes(pngHeader(640, 480))).toEqual({ width: 640, height: 480 });
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x03, 0x58, 0x02]);
    expect(imageSizeFromBytes(gif)).toEqual({ width: 800, height: 600 });
    const bmp = new Uint8Array(26);
    bmp.set([0x42, 0x4d]);
    new DataView(bmp.buffer).setInt32(18, 321, true);
    new DataView(bmp.buffer).setInt32(22, -123, true);
    expect(imageSizeFromBytes(bmp)).toEqual({ width: 321, height: 123 });
    // SOI, an APP0 segment of length 16, then SOF0 with height 0x01E0 (480) and width 0x0280 (640).
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0), 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03]);
    expect(imageSizeFromBytes(jpeg)).toEqual({ width: 640, height: 480 });
    expect(imageSizeFromBytes(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });

  it('checks each dimension against the limits the caller gave', () => {
    const limits = limitsOf({ minWidth: 100, minHeight: '50', maxWidth: 400, maxHeight: 300 });
    expect(checkSize({ width: 100, height: 50 }, limits)).toBeUndefined();
    expect(checkSize({ width: 100, height: 49 }, limits)).toBe('small');
    expect(checkSize({ width: 401, height: 100 }, limits)).toBe('large');
    expect(checkSize({ width: 9000, height: 9000 }, limitsOf(null))).toBeUndefined();
  });
});
