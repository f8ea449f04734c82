import { describe, expect, it } from 'vitest';
import { compileTemplate, type MetadataProperty } from '../../../engine/index';

const metadata: MetadataProperty[] = [
  { key: 'name', type: 'text', label: 'Namn' },
  { key: 'ok', type: 'checkbox', label: 'OK' },
  { key: 'cv', type: 'file', label: 'CV' },
  { key: 'photo', type: 'imageBase64', label: 'Foto' },
  { key: 'when', type: 'periodGroup', label: 'När', data: ['june'] },
  { key: 'june', type: 'periodCheckbox', label: 'Juni', data: { startDate: '2024-06-01', endDate: '2024-06-30' } },
];
const form = () => compileTemplate({ metadata });
const dataUrl = (bytes: number, type = 'application/pdf') => `data:${type};base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;

describe('validate with bad answers', () => {
  it('reports an unknown key as an invalid result', () => {
    expect(form().validate({ name: 'A', hacker: 1 }).errors).toEqual([{ key: 'hacker', validator: 'unknownKey', message: 'Fältet finns inte i formuläret' }]);
  });

  it('reports wrong types per key instead of throwing', () => {
    const result = form().validate({ name: 42, ok: 'yes', cv: 'cv.pdf', june: { checked: 'ja' }, photo: 'http://x/y.png' });
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => `${e.key}:${e.validator}`)).toEqual(['name:type', 'ok:type', 'cv:type', 'photo:type', 'june:type']);
  });

  it('reports answers that are not an object at all', () => {
    for (const bad of [null, 'x', 3, [1, 2]]) {
      const result = form().validate(bad as never);
      expect(result.valid).toBe(false);
      expect(result.errors[0]?.validator).toBe('type');
    }
  });

  it('accepts a file of exactly 5,000,000 bytes and rejects one byte more', () => {
    const exact = `data:application/pdf;base64,${'A'.repeat(6_666_664)}AA==`;
    expect(form().validate({ cv: [{ filename: 'a.pdf', type: 'application/pdf', data: exact }] }).valid).toBe(true);
    const over = `data:application/pdf;base64,${'A'.repeat(6_666_668)}`;
    expect(form().validate({ cv: [{ filename: 'a.pdf', type: 'application/pdf', data: over }] }).errors).toEqual([
      { key: 'cv', validator: 'fileSize', message: 'Filen är för stor' },
    ]);
  });

  it('rejects an oversize image', () => {
    expect(form().validate({ photo: dataUrl(5_000_100, 'image/png') }).errors.map((e) => e.validator)).toEqual(['fileSize']);
  });

  it('rejects a file entry with neither data nor url, or with a data field that is not a data URL', () => {
    expect(form().validate({ cv: [{ filename: 'a.pdf', type: 'application/pdf' }] }).errors.map((e) => e.validator)).toEqual(['type']);
    expect(form().validate({ cv: [{ filename: 'a.pdf', type: 'application/pdf', data: 'hello' }] }).errors.map((e) => e.validator)).toEqual(['type']);
  });

  it('accepts a stored file (url instead of data)', () => {
    expect(form().validate({ cv: [{ filename: 'a.pdf', type: 'application/pdf', url: 'files/1/a.pdf' }] }).valid).toBe(true);
  });

  it('rejects text longer than the type allows', () => {
    expect(form().validate({ name: 'x'.repeat(1001) }).errors).toEqual([{ key: 'name', validator: 'maxLength', message: 'Texten får vara högst 1000 tecken lång' }]);
  });

  it('treats a __proto__ key as an unknown key', () => {
    const answers = JSON.parse('{"__proto__": {"polluted": true}, "name": "A"}') as Record<string, unknown>;
    expect(form().validate(answers).errors.map((e) => e.validator)).toEqual(['unknownKey']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
