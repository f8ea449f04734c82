import { parsePersonnummer } from '../personnummer';
import { formatYears, toYears, type ValidatorImpl } from './types';

export const allowedYearsBornSwe: ValidatorImpl<Set<number>> = {
  name: 'allowedYearsBornSwe',
  level: 'value',
  prepare: toYears,
  check: (value, years) => {
    const pnr = parsePersonnummer(value);
    return pnr !== null && years.has(pnr.birth.year);
  },
  formatData: formatYears,
};
