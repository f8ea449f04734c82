import type { ValidatorImpl } from './types';

// Whether the key is one of the group's radios is the answer schema's enum; here: chosen at all.
export const radioRequired: ValidatorImpl<null> = {
  name: 'radioRequired',
  level: 'value',
  prepare: () => null,
  check: (value) => typeof value === 'string' && value !== '',
};
