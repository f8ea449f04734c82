import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderForm } from '../engine/react/render';
import { fileHref, MAX_FILE_BYTES, previewKind } from '../../../widgets/file/files';

const pdf = () => new File(['%PDF-1.4 test'], 'cv.pdf', { type: 'application/pdf' });

describe('file upload', () => {
  it('is reached by keyboard through a labelled file input', () => {
    renderForm();
    const input = screen.getByLabelText(/^CV/) as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.tabIndex).toBe(0);
    expect(screen.getByLabelText(/Välj filer/)).toBe(input);
  });

  it('reads a chosen file into a data URL and lists it with a download link', async () => {
    const onChange = vi.fn();
    const { user } = renderForm({ onChange });
    await user.upload(screen.getByLabelText(/^CV/), pdf());
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange).toHaveBeenLastCalledWith({
      form_cv: [{ filename: 'cv.pdf', type: 'application/pdf', data: `data:application/pdf;base64,${btoa('%PDF-1.4 test')}` }],
    });
    const link = screen.getByRole('link', { name: 'cv.pdf' });
    expect(link.getAttribute('download')).toBe('cv.pdf');
  });

  it("refuses a file over 5,000,000 bytes with 'Filen är för stor'", async () => {
    const onChange = vi.fn();
    const { user } = renderForm({ onChange });
    const big = new File([new Uint8Array(MAX_FILE_BYTES + 1)], 'stor.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(/^CV/), big);
    await waitFor(() => expect(document.querySelector('.blk-dropzone [role="alert"]')?.textContent).toBe('Filen är för stor (stor.pdf)'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('accepts a file of exactly 5,000,000 bytes', async () => {
    const onChange = vi.fn();
    const { user } = renderForm({ onChange });
    await user.upload(screen.getByLabelText(/^CV/), new File([new Uint8Array(MAX_FILE_BYTES)], 'precis.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
  });

  it('takes files dropped on the drop zone', async () => {
    const onChange = vi.fn();
    renderForm({ onChange });
    const zone = document.querySelector('.blk-dropzone') as HTMLElement;
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone.classList.contains('blk-dropzone-active')).toBe(true);
    fireEvent.drop(zone, { dataTransfer: { files: [pdf()] } });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect((onChange.mock.lastCall?.[0] as { form_cv: unknown[] }).form_cv).toHaveLength(1);
  });

  it('previews a pdf in a modal and returns focus when it closes', async () => {
    const { user } = renderForm({ answers: { form_cv: [{ filename: 'cv.pdf', type: 'application/pdf', data: 'data:application/pdf;base64,JVBERg==' }] } });
    const open = screen.getByRole('button', { name: 'Förhandsgranska cv.pdf' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Förhandsvisning av cv.pdf' });
    const object = dialog.querySelector('object');
    expect(object?.getAttribute('type')).toBe('application/pdf');
    expect(object?.getAttribute('data')).toBe('data:application/pdf;base64,JVBERg==');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Stäng' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('previews an image by its extension', async () => {
    const { user } = renderForm({ answers: { form_cv: [{ filename: 'foto.JPG', type: 'image/jpeg', url: '/files/foto.jpg' }] } });
    await user.click(screen.getByRole('button', { name: 'Förhandsgranska foto.JPG' }));
    expect(within(screen.getByRole('dialog')).getByRole('img', { name: 'foto.JPG' }).getAttribute('src')).toBe('/files/foto.jpg');
  });

  it('offers no preview for other types, only the download link', () => {
    renderForm({ answers: { form_cv: [{ filename: 'brev.docx', type: 'application/msword', url: '/files/brev.docx' }] } });
    expect(screen.queryByRole('button', { name: /Förhandsgranska/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'brev.docx' }).getAttribute('href')).toBe('/files/brev.docx');
  });

  it('removes a file', async () => {
    const onChange = vi.fn();
    const { user } = renderForm({ onChange, answers: { form_cv: [{ filename: 'a.pdf', type: 'application/pdf', url: '/a' }] } });
    await user.click(screen.getByRole('button', { name: 'Ta bort a.pdf' }));
    expect(onChange).toHaveBeenLastCalledWith({});
  });
});

describe('file helpers', () => {
  it('previews images by extension jpg, jpeg, png, gif, bmp and pdf by type', () => {
    for (const name of ['a.jpg', 'a.jpeg', 'a.png', 'a.gif', 'A.BMP']) expect(previewKind({ filename: name, type: '' })).toBe('image');
    expect(previewKind({ filename: 'cv', type: 'application/pdf' })).toBe('pdf');
    expect(previewKind({ filename: 'a.pdf', type: 'application/octet-stream' })).toBe('none');
    expect(previewKind({ filename: 'png', type: 'image/png' })).toBe('none');
  });

  it('never links to a script URL', () => {
    expect(fileHref({ filename: 'a', type: '', url: 'javascript:alert(1)' })).toBeUndefined();
    expect(fileHref({ filename: 'a', type: '', data: 'data:text/html;base64,PHNjcmlwdD4=' })).toBeUndefined();
    expect(fileHref({ filename: 'a', type: '', url: '//evil.example/x' })).toBeUndefined();
    expect(fileHref({ filename: 'a', type: '', data: 'data:application/pdf;base64,JVBERg==' })).toBe('data:application/pdf;base64,JVBERg==');
  });
});
