import { toCount, type ValidatorImpl } from './types';

export const minLength: ValidatorImpl<number> = {
  name: 'minLength',
  level: 'value',
  prepare: (data) => toCount(data, 'Antalet tecken'),
  emptyIsRequired: true,
  check: (value, n) => {
    if (n === 0) return true;
    if (typeof value !== 'string') return false;
    const text = value.trim();
    // Code points, so an emoji or å written as one character counts as one.
    if (text.length >= n * 2) return true;
    let count = 0;
    for (const _ of text) if (++count >= n) return true;
    return false;
  },
};
