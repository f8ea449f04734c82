import { describe, expect, it } from 'vitest';
import { JsonShapeGuard, type JsonShape } from '../../../server/http/json-shape';

const SHAPE: JsonShape = { maxDepth: 4, maxWidth: 5, maxItems: 12 };

/** Feeds the text in chunks of `size` bytes; true when the guard lets it through. */
function passes(text: string, size = 7, shape = SHAPE): boolean {
  const guard = new JsonShapeGuard(shape);
  const bytes = Buffer.from(text);
  try {
    for (let i = 0; i < bytes.length; i += size) guard.push(bytes.subarray(i, i + size));
    return true;
  } catch {
    return false;
  }
}

describe('the JSON shape guard', () => {
  it('lets an ordinary application through, whatever the chunk boundaries', () => {
    const body = JSON.stringify({ action: 'create_jobApplication', data: { email: 'a@b.se', positionId: 1, metadata: { a: 'x', b: [1, 2] } } });
    for (const size of [1, 2, 3, 5, 64]) expect(passes(body, size)).toBe(true);
  });

  it('skips what is inside strings: braces, commas, quotes and backslashes do not count', () => {
    const tricky = JSON.stringify({ a: '{[,,,,,,,,,]}"\\\\', b: 'x\\"y,,,,,,', c: 1 });
    for (const size of [1, 3, 100]) expect(passes(tricky, size)).toBe(true);
  });

  it('refuses an object with more members than allowed', () => {
    expect(passes(JSON.stringify({ a: 1, b: 2, c: 3, d: 4, e: 5 }))).toBe(true);
    expect(passes(JSON.stringify({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }))).toBe(false);
    expect(passes(JSON.stringify([1, 2, 3, 4, 5, 6]))).toBe(false);
  });

  it('refuses nesting deeper than allowed', () => {
    expect(passes('[[[[1]]]]')).toBe(true);
    expect(passes('[[[[[1]]]]]')).toBe(false);
  });

  it('refuses more values in all than allowed, however they are spread', () => {
    const spread = JSON.stringify({ a: [1, 2, 3], b: [1, 2, 3], c: [1, 2, 3], d: [1] }); // 4 keys + 10 values = 14
    expect(passes(spread)).toBe(false);
    expect(passes(JSON.stringify({ a: [1, 2, 3], b: [1, 2, 3], c: [1] }))).toBe(true); // 3 + 7 = 10
  });

  it('stops at the first offending member of a huge body without reading the rest', () => {
    const guard = new JsonShapeGuard({ maxDepth: 8, maxWidth: 1000, maxItems: 10_000 });
    const head = Buffer.from('{"data":{"metadata":{' + Array.from({ length: 1001 }, (_, i) => `"k${i}":1`).join(','));
    expect(() => guard.push(head)).toThrow(/för många fält/);
  });
});
