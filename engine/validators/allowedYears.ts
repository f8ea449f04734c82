import { formatYears, toYears, yearOf, type ValidatorImpl } from './types';

export const allowedYears: ValidatorImpl<Set<number>> = {
  name: 'allowedYears',
  level: 'value',
  prepare: toYears,
  check: (value, years) => {
    const year = yearOf(value);
    return year !== null && years.has(year);
  },
  formatData: formatYears,
};
