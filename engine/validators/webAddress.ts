import { isWebAddress } from '../contact-formats';
import { isBlank, type ValidatorImpl } from './types';

/** Format rule (engine/contact-formats.ts): an empty or absent answer passes. */
export const webAddress: ValidatorImpl<null> = {
  name: 'webAddress',
  level: 'value',
  prepare: () => null,
  check: (value) => isBlank(value) || (typeof value === 'string' && isWebAddress(value)),
};
