import { describe, expect, it } from 'vitest';
import { pageParam } from '../../../../screens/public/Pager';

describe('pageParam', () => {
  it('reads a positive page number from ?page=', () => {
    expect(pageParam('?page=3')).toBe(3);
    expect(pageParam('')).toBe(1);
  });

  it('falls back to the first page for tampered values', () => {
    for (const bad of ['?page=0', '?page=-2', '?page=abc', '?page=1e3', '?page=9999999', '?page=']) expect(pageParam(bad)).toBe(1);
  });
});
