import { isValidEmail } from '../email';
import { isBlank } from './blank';
import type { ValidatorImpl } from './types';

export const validEmail: ValidatorImpl<null> = {
  name: 'validEmail',
  level: 'value',
  prepare: () => null,
  check: (value) => isBlank(value) || (typeof value === 'string' && isValidEmail(value)),
};
