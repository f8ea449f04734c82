import { isPostcode } from '../contact-formats';
import { isBlank, type ValidatorImpl } from './types';

/** Format rule (engine/contact-formats.ts): an empty or absent answer passes. */
export const zipcodeSwe: ValidatorImpl<null> = {
  name: 'zipcodeSwe',
  level: 'value',
  prepare: () => null,
  check: (value) => isBlank(value) || (typeof value === 'string' && isPostcode(value)),
};
