import { toYear, yearOf, type ValidatorImpl } from './types';

export const minYearBorn: ValidatorImpl<number> = {
  name: 'minYearBorn',
  level: 'value',
  prepare: toYear,
  check: (value, min) => {
    const year = yearOf(value);
    return year !== null && year >= min;
  },
};
