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
  if (typeof minAge !== 'number' || !Number.isInteger(minAge) || minAge < 0) throw new DataError('wholeNumber', { what: 'Minåldern' });
  if (typeof maxAge !== 'number' || !Number.isInteger(maxAge) || maxAge < 0) throw new DataError('wholeNumber', { what: 'Maxåldern' });
  return { minAge, maxAge };
}

export const allowedAgeInPeriod: ValidatorImpl<Period> = {
  name: 'allowedAgeInPeriod',
  level: 'value',
  prepare: (data) => {
    if (typeof data !== 'object' || data === null) throw new DataError('shape');
    const d = data as { startDate?: unknown; endDate?: unknown };
    const start = parseIsoDate(d.startDate);
    const end = parseIsoDate(d.endDate);
    if (!start) throw new DataError('date', { what: 'Periodens startdatum' });
    if (!end) throw new DataError('date', { what: 'Periodens slutdatum' });
    if (compareDates(start, end) > 0) throw new DataError('startAfterEnd');
    const { minAge, maxAge } = ages(data);
    if (minAge > maxAge) throw new DataError('minAboveMax');
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
