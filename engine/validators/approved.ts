import type { ValidatorImpl } from './types';

export const approved: ValidatorImpl<null> = {
  name: 'approved',
  level: 'value',
  prepare: () => null,
  check: (value) => value === true,
};
