import { afterEach, describe, expect, it, vi } from 'vitest';
import { download, previewKind, servedName } from '../../../../../screens/applicants/detail/FilePreview';

/**
 * Issue 15 part 8: the admin area saved an attachment under `a.download = f.filename`, the
 * uploader's name and extension (evil.html), whatever name and type the server sent.
 */
describe('downloading an attachment in the admin area', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the file under the name the server sent, never the uploader’s', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html></html>', { headers: { 'content-type': 'text/plain; charset=utf-8', 'content-disposition': `attachment; filename="evil.txt"; filename*=UTF-8''evil.txt` } }));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await download(7, { filename: 'evil.html', type: 'text/plain; charset=utf-8', url: 'app-7-x' });
    expect(names).toEqual(['evil.txt']);
    click.mockRestore();
  });

  it('reads the UTF-8 name first, then the plain one', () => {
    expect(servedName(`attachment; filename="_ns_k.pdf"; filename*=UTF-8''%C3%A5s%C3%A4k.pdf`, 'x')).toBe('åsäk.pdf');
    expect(servedName('attachment; filename="cv.png"', 'x')).toBe('cv.png');
    expect(servedName(null, 'app-1-x')).toBe('app-1-x');
  });

  it('previews by the sniffed type, not by the name', () => {
    expect(previewKind({ filename: 'bild.png', type: 'text/plain; charset=utf-8', url: 'a' })).toBeNull();
    expect(previewKind({ filename: 'cv.exe', type: 'image/png', url: 'a' })).toBe('image');
    expect(previewKind({ filename: 'cv.pdf', type: 'application/pdf', url: 'a' })).toBe('pdf');
  });
});
