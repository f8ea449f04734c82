import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, loadDraft, saveDraft } from '../../../../screens/public/draft';
import type { MetadataProperty } from '../../../../engine/types';

function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

const metadata: MetadataProperty[] = [
  { key: 'form_firstname', type: 'text' },
  { key: 'form_agreement', type: 'checkbox' },
  { key: 'form_file', type: 'file' },
  { key: 'form_photo', type: 'imageBase64' },
];

describe('draft', () => {
  it('keeps answers per position across a reload, without files', () => {
    const s = memoryStorage();
    saveDraft(s, 12, { form_firstname: 'Anna', form_agreement: true, form_file: [{ filename: 'cv.pdf', type: 'application/pdf', data: 'data:application/pdf;base64,AAAA' }], form_photo: 'data:image/png;base64,AAAA' }, metadata);
    expect(JSON.parse(s.map.get(draftKey(12))!)).toEqual({ form_firstname: 'Anna', form_agreement: true });
    expect(loadDraft(s, 12, metadata)).toEqual({ form_firstname: 'Anna', form_agreement: true });
    expect(loadDraft(s, 13, metadata)).toEqual({});
  });

  it('drops keys the form no longer has and survives garbage in storage', () => {
    const s = memoryStorage();
    s.setItem(draftKey(12), JSON.stringify({ form_firstname: 'Anna', removed: 'x' }));
    expect(loadDraft(s, 12, metadata)).toEqual({ form_firstname: 'Anna' });
    s.setItem(draftKey(12), '{not json');
    expect(loadDraft(s, 12, metadata)).toEqual({});
    s.setItem(draftKey(12), '[1,2]');
    expect(loadDraft(s, 12, metadata)).toEqual({});
  });

  it('is cleared after a successful submit', () => {
    const s = memoryStorage();
    saveDraft(s, 12, { form_firstname: 'Anna' }, metadata);
    clearDraft(s, 12);
    expect(s.map.size).toBe(0);
  });

  it('ignores a storage that throws (private browsing, full quota)', () => {
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); }, removeItem: () => { throw new Error('denied'); } };
    expect(() => saveDraft(throwing, 1, { form_firstname: 'A' }, metadata)).not.toThrow();
    expect(loadDraft(throwing, 1, metadata)).toEqual({});
  });
});
