import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/errors';
import { parseJson, readRaw } from '../../../server/http/body';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof HttpError ? `${e.status} ${e.code}` : 'other';
  }
  return undefined;
}

function stream(chunks: string[], headers: Record<string, string> = {}) {
  return Object.assign(Readable.from(chunks.map((c) => Buffer.from(c))), { headers });
}

describe('parseJson', () => {
  it('parses ordinary JSON', () => {
    expect(parseJson('{"a":[1,{"b":"c"}]}')).toEqual({ a: [1, { b: 'c' }] });
  });

  it('rejects malformed JSON with 400 invalid', () => {
    expect(codeOf(() => parseJson('{"a":'))).toBe('400 invalid');
  });

  it('rejects a __proto__ key at any depth', () => {
    expect(codeOf(() => parseJson('{"__proto__":{"x":1}}'))).toBe('400 invalid');
    expect(codeOf(() => parseJson('{"a":[{"b":{"__proto__":{}}}]}'))).toBe('400 invalid');
  });

  it('rejects a __proto__ key written with unicode escapes', () => {
    expect(codeOf(() => parseJson('{"\\u005f_proto__":{"polluted":true}}'))).toBe('400 invalid');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('rejects constructor and prototype keys', () => {
    expect(codeOf(() => parseJson('{"constructor":{"prototype":{}}}'))).toBe('400 invalid');
  });

  it('rejects MongoDB operators as keys', () => {
    expect(codeOf(() => parseJson('{"email":{"$ne":null}}'))).toBe('400 invalid');
  });

  it('names the offending path in the details', () => {
    try {
      parseJson('{"data":{"x":{"$gt":""}}}');
      expect.unreachable();
    } catch (e) {
      expect((e as HttpError).details).toEqual([expect.objectContaining({ path: '/data/x/$gt' })]);
    }
  });
});

describe('readRaw', () => {
  it('returns the whole body under the limit', async () => {
    expect((await readRaw(stream(['ab', 'cd']), 10)).toString()).toBe('abcd');
  });

  it('refuses with 413 as soon as the body passes the limit', async () => {
    await expect(readRaw(stream(['12345', '67890', 'x']), 10)).rejects.toMatchObject({ status: 413, code: 'too_large' });
  });

  it('refuses with 413 when the declared length is already too large', async () => {
    await expect(readRaw(stream(['x'], { 'content-length': '999' }), 10)).rejects.toMatchObject({ status: 413 });
  });
});
