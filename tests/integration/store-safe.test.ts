import { describe, expect, it } from 'vitest';
import { assertPlainValue, escapeRegex, sanitizeFilterValue, UnsafeValueError, unsafeDetail } from '../../server/store/safe';

/** Values as they arrive: parsed from JSON text, where `__proto__` is an own key. */
const json = (text: string): unknown => JSON.parse(text);

function caught(fn: () => unknown): UnsafeValueError {
  try {
    fn();
  } catch (err) {
    if (err instanceof UnsafeValueError) return err;
    throw err;
  }
  throw new Error('expected an UnsafeValueError');
}

describe('assertPlainValue', () => {
  it('passes ordinary nested answers through unchanged', () => {
    const answers = json('{"firstname":"Åsa","files":[{"filename":"cv.pdf","type":"application/pdf"}],"p1":{"checked":true}}');
    expect(assertPlainValue(answers)).toBe(answers);
  });

  it.each([
    ['an operator key', '{"email":{"$ne":null}}', '/email/$ne'],
    ['a deep operator key', '{"a":[{"b":{"$where":"1"}}]}', '/a/0/b/$where'],
    ['a __proto__ key', '{"x":{"__proto__":{"admin":true}}}', '/x/__proto__'],
    ['a constructor key', '{"constructor":{"prototype":{}}}', '/constructor'],
    ['a prototype key', '{"prototype":1}', '/prototype'],
    ['a dotted key', '{"info.role":"odin"}', '/info.role'],
    ['a key ending in a dot', '{"a":{"b.":1}}', '/a/b.'],
    ['a key holding a NUL', '{"a\\u0000b":1}', '/a\u0000b'],
    ['an operator key after fine ones in an array', '{"list":[{"ok":1},{"city":"Umeå","$gt":1}]}', '/list/1/$gt'],
  ])('refuses %s with an UnsafeValueError naming the path (the error handler answers 400 invalid)', (_name, text, path) => {
    const err = caught(() => assertPlainValue(json(text)));
    expect(err.details).toEqual([{ path, message: expect.any(String) }]);
  });

  it('lets keys through that only begin like a forbidden one', () => {
    const value = json('{"city":"Umeå","phone":"070","_id":"x","constructorName":1,"prototypes":[],"__protoX":{"cost":1},"dollar$":1}');
    expect(unsafeDetail(value)).toBeNull();
  });

  it('refuses a symbol key, which JSON never carries', () => {
    expect(unsafeDetail({ a: { [Symbol('x')]: 1 } })).toEqual({ path: '/a', message: expect.any(String) });
  });

  it('refuses nesting deeper than any form needs', () => {
    const deep = json('['.repeat(100) + ']'.repeat(100));
    expect(caught(() => assertPlainValue(deep)).details).toHaveLength(1);
  });

  it('refuses objects that are not plain data', () => {
    expect(unsafeDetail({ when: new Date() })).not.toBeNull();
    expect(unsafeDetail({ re: /x/ })).not.toBeNull();
    expect(unsafeDetail({ f: () => 1 })).not.toBeNull();
  });
});

describe('sanitizeFilterValue', () => {
  it('lets scalars through as they are', () => {
    expect(sanitizeFilterValue('anna@x.se')).toBe('anna@x.se');
    expect(sanitizeFilterValue(42)).toBe(42);
    expect(sanitizeFilterValue(false)).toBe(false);
    expect(sanitizeFilterValue(null)).toBeNull();
  });

  it.each(['{"$ne":null}', '{"$gt":""}', '{"$regex":".*"}', '{"a":1}', '[1,2]'])('refuses %s where a scalar is expected', (text) => {
    expect(caught(() => sanitizeFilterValue(json(text), '/email')).details).toEqual([{ path: '/email', message: expect.any(String) }]);
  });

  it('accepts an array of scalars only when asked to, and never an array holding an operator', () => {
    expect(sanitizeFilterValue([1, 2, 3], '/ids', true)).toEqual([1, 2, 3]);
    expect(() => sanitizeFilterValue(json('[1,{"$gt":0}]'), '/ids', true)).toThrow(UnsafeValueError);
  });

  it('refuses numbers that are not finite', () => {
    expect(() => sanitizeFilterValue(Number.NaN)).toThrow(UnsafeValueError);
    expect(() => sanitizeFilterValue(Number.POSITIVE_INFINITY)).toThrow(UnsafeValueError);
  });
});

describe('escapeRegex', () => {
  it('makes search text match literally', () => {
    const text = 'a.b*c+(d)?[e]{2}^$|\\';
    const re = new RegExp(escapeRegex(text));
    expect(re.test(`xx${text}yy`)).toBe(true);
    expect(re.test('aXb*c+(d)?[e]{2}^$|\\')).toBe(false);
    expect(new RegExp(escapeRegex('.*')).test('anything')).toBe(false);
  });
});
