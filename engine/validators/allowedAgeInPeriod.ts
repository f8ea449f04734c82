import { ageOn, compareDates, parseIsoDate, type CalendarDate } from '../dates';
import { parsePersonnummer } from '../personnummer';
import { DataError, type ValidatorImpl } from './types';

interface Period {
  start: CalendarDate;
  end: CalendarDate;
  minAge: number;
  maxAge: number;
}

function ages(data: unknown): { minAge: number; maxAge: number } {
  const d = (data ?? {}) as { minAge?: unknown; maxAge?: unknown };
  const minAge = d.minAge ?? 1;
  const maxAge = d.maxAge ?? 100;
  if (typeof minAge !== 'number' || !Number.isInteger(minAge) || minAge < 0) throw new DataError('minAge must be a whole number of 0 or more');
  if (typeof maxAge !== 'number' || !Number.isInteger(maxAge) || maxAge < 0) throw new DataError('maxAge must be a whole number of 0 or more');
  return { minAge, maxAge };
}

export const allowedAgeInPeriod: ValidatorImpl<Period> = {
  name: 'allowedAgeInPeriod',
  level: 'value',
  prepare: (data) => {
    if (typeof data !== 'object' || data === null) throw new DataError('data must be { startDate, endDate, minAge, maxAge }');
    const d = data as { startDate?: unknown; endDate?: unknown };
    const start = parseIsoDate(d.startDate);
    const end = parseIsoDate(d.endDate);
    if (!start) throw new DataError('startDate must be a real date YYYY-MM-DD');
    if (!end) throw new DataError('endDate must be a real date YYYY-MM-DD');
    if (compareDates(start, end) > 0) throw new DataError('startDate is after endDate');
    const { minAge, maxAge } = ages(data);
    if (minAge > maxAge) throw new DataError('minAge is above maxAge');
    return { start, end, minAge, maxAge };
  },
  // Age never decreases, so the youngest day is the start and the oldest the end.
  check: (value, p) => {
    const pnr = parsePersonnummer(value);
    if (!pnr) return false;
    return ageOn(pnr.birth, p.start) >= p.minAge && ageOn(pnr.birth, p.end) <= p.maxAge;
  },
  formatData: (data) => {
    try {
      const { minAge, maxAge } = ages(data);
      return `${minAge} och ${maxAge}`;
    } catch {
      return '';
    }
  },
};
