import { ageOn, stockholmDate } from '../dates';
import { parsePersonnummer } from '../personnummer';
import { toCount, type ValidatorImpl } from './types';

export const minYearAtStart: ValidatorImpl<number> = {
  name: 'minYearAtStart',
  level: 'value',
  prepare: (data) => toCount(data, 'Åldern'),
  check: (value, minAge, rt) => {
    const pnr = parsePersonnummer(value);
    if (!pnr) return false;
    const start = rt.positionStart !== undefined ? stockholmDate(rt.positionStart) : stockholmDate(rt.now ?? new Date());
    return ageOn(pnr.birth, start) >= minAge;
  },
};
