import { isSelected } from './group';
import { DataError, type ValidatorImpl } from './types';

/** null means "all children". */
export const beCustomGroupValidation: ValidatorImpl<string[] | null> = {
  name: 'beCustomGroupValidation',
  level: 'group',
  prepare: (data) => {
    if (data === undefined || data === null || data === '') return null;
    if (!Array.isArray(data) || !data.every((k) => typeof k === 'string' && k !== '')) throw new DataError('childKeys');
    return data.length === 0 ? null : (data as string[]);
  },
  check: (answers, listed, _rt, group) => {
    const values = answers as Record<string, unknown>;
    const children = group?.children ?? [];
    const pool = listed === null ? children : children.filter((c) => listed.includes(c.key));
    return pool.some((child) => isSelected(child, values));
  },
};
