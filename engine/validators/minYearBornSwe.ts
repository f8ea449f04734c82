import { parsePersonnummer } from '../personnummer';
import { toYear, type ValidatorImpl } from './types';

export const minYearBornSwe: ValidatorImpl<number> = {
  name: 'minYearBornSwe',
  level: 'value',
  prepare: toYear,
  check: (value, min) => {
    const pnr = parsePersonnummer(value);
    return pnr !== null && pnr.birth.year >= min;
  },
};
