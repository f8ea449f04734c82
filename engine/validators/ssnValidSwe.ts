import { parsePersonnummer } from '../personnummer';
import { isBlank, type ValidatorImpl } from './types';

export const ssnValidSwe: ValidatorImpl<null> = {
  name: 'ssnValidSwe',
  level: 'value',
  prepare: () => null,
  check: (value) => isBlank(value) || parsePersonnummer(value) !== null,
};
