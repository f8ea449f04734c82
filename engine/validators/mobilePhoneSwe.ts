import { isMobileNumber } from '../contact-formats';
import { isBlank, type ValidatorImpl } from './types';

/** Format rule (engine/contact-formats.ts): an empty or absent answer passes. */
export const mobilePhoneSwe: ValidatorImpl<null> = {
  name: 'mobilePhoneSwe',
  level: 'value',
  prepare: () => null,
  check: (value) => isBlank(value) || (typeof value === 'string' && isMobileNumber(value)),
};
