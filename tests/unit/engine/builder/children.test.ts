import { describe, expect, it } from 'vitest';
import { childItems, setChildren } from '../../../../engine/builder/children';
import { fromMetadata, childrenOf } from '../../../../engine/builder/tree';
import { catalog, ctx } from './fixture';

const periods = () =>
  fromMetadata(
    [
      { key: 'pg', type: 'periodGroup', label: 'Perioder', data: ['p1', 'p2'] },
      { key: 'p1', type: 'periodCheckbox', label: 'Juni', data: { startDate: '2026-06-01', endDate: '2026-06-30' } },
      { key: 'p2', type: 'periodCheckbox', label: 'Juli', data: { startDate: '2026-07-01', endDate: '2026-07-31' } },
    ],
    catalog,
  );

describe('group children as editor items', () => {
  it('lists a period group children with their dates', () => {
    expect(childItems(periods(), 'pg')).toEqual([
      { key: 'p1', label: 'Juni', startDate: '2026-06-01', endDate: '2026-06-30' },
      { key: 'p2', label: 'Juli', startDate: '2026-07-01', endDate: '2026-07-31' },
    ]);
  });

  it('updates, reorders, adds and removes children from the edited list', () => {
    const f = setChildren(
      periods(),
      'pg',
      [
        { key: 'p2', label: 'Juli', startDate: '2026-07-01', endDate: '2026-07-15' },
        { label: 'Augusti', startDate: '2026-08-01', endDate: '2026-08-31' },
      ],
      catalog,
      ctx,
    );
    expect(childrenOf(f, 'pg').map((p) => [p.key, p.label, p.data])).toEqual([
      ['p2', 'Juli', { startDate: '2026-07-01', endDate: '2026-07-15' }],
      ['form_periodCheckbox_1000', 'Augusti', { startDate: '2026-08-01', endDate: '2026-08-31' }],
    ]);
    expect(f.metadata.some((p) => p.key === 'p1')).toBe(false);
  });

  it('returns the same form when the list says what the form already has', () => {
    const f = periods();
    expect(setChildren(f, 'pg', childItems(f, 'pg'), catalog, ctx)).toBe(f);
  });

  it('ignores a key that does not belong to the group and makes a new child instead', () => {
    const f = setChildren(periods(), 'pg', [{ key: 'pg', label: 'X', startDate: '2026-06-01', endDate: '2026-06-02' }], catalog, ctx);
    expect(childrenOf(f, 'pg').map((p) => p.key)).toEqual(['form_periodCheckbox_1000']);
  });
});
