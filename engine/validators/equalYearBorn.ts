import { parsePersonnummer } from '../personnummer';
import { toYear, type ValidatorImpl } from './types';

export const equalYearBorn: ValidatorImpl<number> = {
  name: 'equalYearBorn',
  level: 'value',
  prepare: toYear,
  check: (value, year) => parsePersonnummer(value)?.birth.year === year,
};
