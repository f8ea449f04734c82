import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FormBodyError, readFormBody, type FormLimits, type PostedForm } from '../../../server/http/form-body';

const LIMITS: FormLimits = { maxBytes: 1024 * 1024, maxFields: 50, maxFieldBytes: 1024, bigFields: new Set(['blk_answers']) };

/** The body in chunks of `size` bytes (1: every boundary split at every byte). */
const stream = (body: Buffer, size: number) => Object.assign(Readable.from(Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.subarray(i * size, (i + 1) * size))), { headers: {} });

async function read(type: string, body: Buffer, size = body.length, limits = LIMITS): Promise<PostedForm> {
  return (await readFormBody(stream(body, size), type, limits)).form;
}

const refusal = (p: Promise<unknown>) => p.then(() => 'read', (e: unknown) => (e instanceof FormBodyError ? e.reason : String(e)));

async function multipart(form: FormData): Promise<{ type: string; body: Buffer }> {
  const r = new Request('http://x.invalid/', { method: 'POST', body: form });
  return { type: r.headers.get('content-type')!, body: Buffer.from(await r.arrayBuffer()) };
}

describe('readFormBody (the no-script form, parsed as it streams in)', () => {
  it('reads urlencoded pairs as URLSearchParams does, split anywhere', async () => {
    const text = 'form_firstname=N%C3%B6ra+%C3%85&form_ok=on&tom=&bara&&form_more=a%3Db%26c&form_more=2&trasig=%E0%A4%A';
    const expected = new URLSearchParams(text);
    for (const size of [1, 3, text.length]) {
      const form = await read('application/x-www-form-urlencoded; charset=UTF-8', Buffer.from(text), size);
      for (const key of new Set(expected.keys())) expect(form.getAll(key), `${key} in chunks of ${size}`).toEqual(expected.getAll(key));
      expect(form.has('form_ok')).toBe(true);
      expect(form.has('saknas')).toBe(false);
    }
  });

  it('reads multipart text fields and files as the browser sent them, split anywhere', async () => {
    const sent = new FormData();
    sent.set('form_firstname', 'Nöra "Å"\r\n--inte en gräns');
    sent.append('form_file', new File([Buffer.from('%PDF-1.4\r\n\r\n--x')], 'cv nöra.pdf', { type: 'application/pdf' }));
    sent.set('form_more', '');
    const { type, body } = await multipart(sent);
    for (const size of [1, 7, body.length]) {
      const form = await read(type, body, size);
      expect(form.get('form_firstname')).toBe('Nöra "Å"\r\n--inte en gräns');
      expect(form.get('form_more')).toBe('');
      const files = form.getAll('form_file');
      expect(files).toEqual([{ filename: 'cv nöra.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\r\n\r\n--x') }]);
    }
    // A file input left empty, as a browser sends it (a preamble, no headers but the disposition).
    const empty = 'ignoreras\r\n--g\r\nContent-Disposition: form-data; name="form_file"; filename=""\r\n\r\n\r\n--g  \r\nContent-Disposition: form-data; name=x\r\n\r\n1\r\n--g--\r\n';
    const form = await read('multipart/form-data; boundary="g"', Buffer.from(empty), 5);
    expect(form.getAll('form_file')).toEqual([{ filename: '', type: '', data: Buffer.alloc(0) }]);
    expect(form.get('x')).toBe('1');
  });

  it('refuses too many pairs or parts, a long field, a large body, a broken or unknown body', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `f${i}=x`).join('&');
    expect(await refusal(read('application/x-www-form-urlencoded', Buffer.from(many)))).toBe('tooManyFields');
    const parts = new FormData();
    for (let i = 0; i < 51; i++) parts.append(`f${i}`, 'x');
    const mp = await multipart(parts);
    expect(await refusal(read(mp.type, mp.body, 64))).toBe('tooManyFields');
    expect(await refusal(read('application/x-www-form-urlencoded', Buffer.from(`form_more=${'a'.repeat(1025)}`)))).toBe('fieldTooLarge');
    const long = new FormData();
    long.set('form_more', 'a'.repeat(1025));
    const lp = await multipart(long);
    expect(await refusal(read(lp.type, lp.body))).toBe('fieldTooLarge');
    // The carried answers may be as long as the body; a file too.
    expect((await read('application/x-www-form-urlencoded', Buffer.from(`blk_answers=${'a'.repeat(5000)}`))).get('blk_answers')).toHaveLength(5000);
    expect(await refusal(read('application/x-www-form-urlencoded', Buffer.from(`blk_answers=${'a'.repeat(5000)}`), 100, { ...LIMITS, maxBytes: 4096 }))).toBe('tooLarge');
    expect(await refusal(read(lp.type, lp.body.subarray(0, lp.body.length - 10)))).toBe('malformed');
    expect(await refusal(read('text/plain', Buffer.from('a=b')))).toBe('malformed');
    expect(await refusal(read('multipart/form-data', Buffer.from('a=b')))).toBe('malformed');
  });
});
