import { isSelected } from './group';
import { toCount, type ValidatorImpl } from './types';

export const minSelectedInGroup: ValidatorImpl<number> = {
  name: 'minSelectedInGroup',
  level: 'group',
  prepare: (data) => toCount(data, 'Antalet val'),
  check: (answers, n, _rt, group) => {
    if (n === 0) return true;
    const values = answers as Record<string, unknown>;
    let selected = 0;
    for (const child of group?.children ?? []) if (isSelected(child, values) && ++selected >= n) return true;
    return false;
  },
};
