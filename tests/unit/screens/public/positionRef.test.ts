import { describe, expect, it } from 'vitest';
import { movedPath, parseGuid, parseIdSlug, parseLegacyId, positionApiPath, positionPath, refMatches } from '../../../../screens/public/positionRef';

const GUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('parseIdSlug', () => {
  it('reads an id with a slug', () => {
    expect(parseIdSlug('12_sommarjobbare-i-stockholm')).toEqual({ kind: 'public', id: 12, slug: 'sommarjobbare-i-stockholm' });
  });

  it('accepts the id alone, with or without the underscore', () => {
    expect(parseIdSlug('12')).toEqual({ kind: 'public', id: 12 });
    expect(parseIdSlug('12_')).toEqual({ kind: 'public', id: 12 });
  });

  it('decodes an encoded slug', () => {
    expect(parseIdSlug('3_v%C3%A5r-butik')).toEqual({ kind: 'public', id: 3, slug: 'vår-butik' });
  });

  it.each(['abc', '_slug', '0_x', '-1_x', '12abc', '1e3', '1234567890123456', '%E0%A4%A'])('refuses %s', (segment) => {
    expect(parseIdSlug(segment)).toBeNull();
  });
});

describe('parseLegacyId and parseGuid', () => {
  it('reads a bare numeric id and nothing else', () => {
    expect(parseLegacyId('7')).toEqual({ kind: 'public', id: 7 });
    expect(parseLegacyId('7_x')).toBeNull();
  });

  it('reads a UUID and refuses anything else', () => {
    expect(parseGuid(GUID.toUpperCase())).toEqual({ kind: 'internal', guid: GUID });
    expect(parseGuid('12')).toBeNull();
    expect(parseGuid(`${GUID}x`)).toBeNull();
  });
});

describe('refMatches', () => {
  const pub = { id: 12, slug: 'sommarjobb', isInternal: false };
  const internal = { id: 13, slug: 'intern', isInternal: true, linkId: GUID };

  it('accepts the position the URL names', () => {
    expect(refMatches({ kind: 'public', id: 12, slug: 'sommarjobb' }, pub)).toBe(true);
    expect(refMatches({ kind: 'public', id: 12 }, pub)).toBe(true);
    expect(refMatches({ kind: 'internal', guid: GUID }, internal)).toBe(true);
  });

  it('refuses a tampered slug', () => {
    expect(refMatches({ kind: 'public', id: 12, slug: 'annat' }, pub)).toBe(false);
  });

  it('refuses an internal position reached by its numeric id', () => {
    expect(refMatches({ kind: 'public', id: 13 }, internal)).toBe(false);
  });

  it('refuses a public position reached by a guid route', () => {
    expect(refMatches({ kind: 'internal', guid: GUID }, pub)).toBe(false);
  });
});

describe('paths', () => {
  it('builds the canonical page path and the API path', () => {
    expect(positionPath({ id: 12, slug: 'sommarjobb' })).toBe('/12_sommarjobb');
    expect(positionPath({ id: 13, isInternal: true, linkId: GUID })).toBe(`/internal/${GUID}`);
    expect(positionApiPath({ kind: 'public', id: 12 })).toBe('/api/public/positions/12');
    expect(positionApiPath({ kind: 'internal', guid: GUID })).toBe(`/api/public/positions/${GUID}`);
  });
});

describe('movedPath', () => {
  const renamed = { id: 12, slug: 'lager-helg', isInternal: false, previousSlugs: ['lager-natt', 'lager'] };

  it('sends an earlier slug of the position to its current path', () => {
    expect(movedPath({ kind: 'public', id: 12, slug: 'lager-natt' }, renamed)).toBe('/12_lager-helg');
    expect(movedPath({ kind: 'public', id: 12, slug: 'LAGER' }, renamed)).toBe('/12_lager-helg');
  });

  it('leaves the current slug, no slug, a slug the position never had, another id and an internal position alone', () => {
    expect(movedPath({ kind: 'public', id: 12, slug: 'lager-helg' }, renamed)).toBeNull();
    expect(movedPath({ kind: 'public', id: 12 }, renamed)).toBeNull();
    expect(movedPath({ kind: 'public', id: 12, slug: 'lager-dag' }, renamed)).toBeNull();
    expect(movedPath({ kind: 'public', id: 13, slug: 'lager-natt' }, renamed)).toBeNull();
    expect(movedPath({ kind: 'public', id: 12, slug: 'lager-natt' }, { ...renamed, isInternal: true })).toBeNull();
  });
});
