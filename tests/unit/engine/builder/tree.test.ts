import { describe, expect, it } from 'vitest';
import { childrenOf, fromMetadata, topLevel } from '../../../../engine/builder/tree';
import { catalog } from './fixture';

describe('fromMetadata', () => {
  it('sorts a stored form by order and puts each group child right after its group', () => {
    const f = fromMetadata(
      [
        { key: 'b', type: 'checkbox', label: 'B', order: 0 },
        { key: 'name', type: 'text', label: 'Namn', order: 2 },
        { key: 'g', type: 'group', label: 'G', order: 1, data: ['b'] },
      ],
      catalog,
    );
    expect(f.metadata.map((p) => [p.key, p.order])).toEqual([['g', 0], ['b', 1], ['name', 2]]);
    expect(topLevel(f, catalog).map((p) => p.key)).toEqual(['g', 'name']);
    expect(childrenOf(f, 'g').map((p) => p.key)).toEqual(['b']);
  });

  it('keeps both fields of a duplicate key so the validator can report it', () => {
    const f = fromMetadata([{ key: 'a', type: 'text', label: 'A' }, { key: 'a', type: 'text', label: 'A2' }], catalog);
    expect(f.metadata).toHaveLength(2);
  });

  it('restores the key counter past the custom keys it holds', () => {
    expect(fromMetadata([{ key: 'form_textarea_1041', type: 'textarea' }], catalog).nextKey).toBe(1042);
  });
});
