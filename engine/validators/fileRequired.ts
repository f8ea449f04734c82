import type { ValidatorImpl } from './types';

export const fileRequired: ValidatorImpl<null> = {
  name: 'fileRequired',
  level: 'value',
  prepare: () => null,
  check: (value) => (Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value !== ''),
};
