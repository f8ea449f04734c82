import { isPhoneNumber } from '../contact-formats';
import { isBlank, type ValidatorImpl } from './types';

/** Format rule (engine/contact-formats.ts): an empty or absent answer passes. */
export const phoneSwe: ValidatorImpl<null> = {
  name: 'phoneSwe',
  level: 'value',
  prepare: () => null,
  check: (value) => isBlank(value) || (typeof value === 'string' && isPhoneNumber(value)),
};
