import { describe, expect, it } from 'vitest';
import { ScimProblem } from '../../../../../server/domain/provisioning/scim-attributes';
import { applyPatch } from '../../../../../server/domain/provisioning/scim-patch';

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const ops = (...Operations: unknown[]) => ({ Operations });

function refusal(fn: () => unknown): ScimProblem {
  try {
    fn();
  } catch (e) {
    if (e instanceof ScimProblem) return e;
    throw e;
  }
  throw new Error('no refusal');
}

describe('SCIM PATCH', () => {
  const base = { userName: 'a@b.se', active: true, emails: [{ value: 'a@b.se', type: 'work', primary: true }] };

  it('reads core-URN-qualified paths, filters joined by and, and the manager as an id or an object', () => {
    const next = applyPatch(
      base,
      ops(
        { op: 'Replace', path: 'urn:ietf:params:scim:schemas:core:2.0:User:title', value: 'Chef' },
        { op: 'replace', path: 'emails[type eq "work" and primary eq true].value', value: 'ny@b.se' },
        { op: 'add', path: `${ENTERPRISE}:manager`, value: { value: 'm-1', displayName: 'Maria' } },
        { op: 'add', value: { [`${ENTERPRISE}:employeeNumber`]: 42 } },
      ),
    );
    expect(next).toMatchObject({ title: 'Chef', emails: [{ value: 'ny@b.se', type: 'work', primary: true }], enterprise: { manager: 'm-1', employeeNumber: '42' } });
  });

  it('keeps one primary value, and drops a value left with nothing but its type', () => {
    const next = applyPatch(base, ops({ op: 'add', path: 'emails', value: [{ value: 'c@b.se', type: 'home', primary: 'True' }] }));
    expect((next.emails as { primary?: boolean }[]).map((e) => e.primary ?? false)).toEqual([false, true]);
    const gone = applyPatch(base, ops({ op: 'remove', path: 'emails[type eq "work"].value' }));
    expect(gone.emails).toBeUndefined();
  });

  it('refuses to unset userName or active, a filter on a single value, and a filter it cannot read', () => {
    expect(refusal(() => applyPatch(base, ops({ op: 'remove', path: 'userName' }))).scimType).toBe('mutability');
    expect(refusal(() => applyPatch(base, ops({ op: 'remove', path: 'active' }))).scimType).toBe('mutability');
    expect(refusal(() => applyPatch(base, ops({ op: 'replace', path: 'title[type eq "x"]', value: 'y' }))).scimType).toBe('invalidPath');
    expect(refusal(() => applyPatch(base, ops({ op: 'replace', path: 'emails[type ne "x"].value', value: 'y' }))).scimType).toBe('invalidFilter');
    expect(refusal(() => applyPatch(base, ops({ op: 'replace', path: '__proto__', value: {} }))).scimType).toBe('invalidPath');
  });

  it('leaves the stored attributes alone when a later operation is refused', () => {
    const before = structuredClone(base);
    refusal(() => applyPatch(base, ops({ op: 'replace', path: 'title', value: 'x' }, { op: 'replace', path: 'nope', value: 1 })));
    expect(base).toEqual(before);
  });
});
