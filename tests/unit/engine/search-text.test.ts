import { describe, expect, it } from 'vitest';
import { searchChars, searchTextProblem } from '../../../engine/search-text';

describe('search text the trigram index can answer', () => {
  it("counts characters as code points: '😀a' is two, though JavaScript's length says three", () => {
    expect('😀a'.length).toBe(3);
    expect(searchChars('😀a')).toBe(2);
    expect(searchTextProblem('😀a')).toBe('tooShort');
    expect(searchTextProblem('😀ab')).toBeNull();
  });

  it('refuses fewer than three characters after trimming, whatever they are', () => {
    for (const text of ['', '  ', 'ab', ' a ', '%%', '.*']) expect(searchTextProblem(text), text).toBe('tooShort');
    for (const text of ['___', '%%%', 'a b', 'Åsa']) expect(searchTextProblem(text), text).toBeNull();
  });

  it('refuses more than 100 characters', () => {
    expect(searchTextProblem('a'.repeat(100))).toBeNull();
    expect(searchTextProblem('a'.repeat(200))).toBe('tooLong');
    expect(searchTextProblem('😀'.repeat(100))).toBeNull();
  });
});
