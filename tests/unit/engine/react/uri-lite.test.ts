import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import { equal, resolve } from '../../../../engine/react/uri-lite';

// What @rjsf/utils asks of fast-uri, answered by the URL-based stand-in the browser build uses.
describe('the URL-based stand-in for fast-uri', () => {
  const bases = ['https://blankett.se/schemas/entities/position.json', 'https://blankett.se/schemas/answers/', 'http://example.com/a/b/c'];
  const refs = ['folder.json', '../entities/attached-file.json', '#/$defs/action', 'https://blankett.se/x.json#/a', '/root.json', 'sub/dir/x.json?q=1#frag', ''];

  it('resolves references against absolute bases as fast-uri does', () => {
    for (const base of bases) for (const ref of refs) expect(resolve(base, ref), `${base} + ${ref}`).toBe(fastUri.resolve(base, ref));
  });

  it('resolves against relative bases as fast-uri does', () => {
    for (const [base, ref] of [['schema.json', '#/foo'], ['a/b.json', 'c.json'], ['/a/b.json', '../c.json#x']]) {
      expect(resolve(base!, ref!), `${base} + ${ref}`).toBe(fastUri.resolve(base!, ref!));
    }
  });

  it('compares identifiers as fast-uri does', () => {
    const pairs: [string, string][] = [
      ['https://blankett.se/schemas/x.json', 'https://blankett.se/schemas/x.json'],
      ['https://Blankett.SE/schemas/x.json', 'https://blankett.se/schemas/x.json'],
      ['https://blankett.se/schemas/x.json', 'https://blankett.se/schemas/y.json'],
      ['https://blankett.se:443/a', 'https://blankett.se/a'],
      ['x.json', 'x.json'],
      ['x.json', 'y.json'],
    ];
    for (const [a, b] of pairs) expect(equal(a, b), `${a} = ${b}`).toBe(fastUri.equal(a, b));
  });
});
