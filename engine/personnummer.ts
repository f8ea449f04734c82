import { isRealDate, type CalendarDate } from './dates';

/** A checked Swedish personnummer (or samordningsnummer). */
export interface Personnummer {
  /** 12 digits, separator removed: YYYYMMDDNNNC. */
  normalized: string;
  /** The birth date (for a samordningsnummer the day with 60 taken off). */
  birth: CalendarDate;
  coordination: boolean;
  /** The ninth digit's parity: odd for men, even for women. */
  gender: 'male' | 'female';
}

const SHAPE = /^(\d{8})[-+]?(\d{4})$/;

/** Luhn check over the ten digits YYMMDDNNNC; true when the check digit is right. */
export function luhnValid(tenDigits: string): boolean {
  let sum = 0;
  for (let i = 0; i < tenDigits.length; i++) {
    let d = tenDigits.charCodeAt(i) - 48;
    // Digits at even positions (0-based) are doubled: weights 2,1,2,1,...
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Parses a personnummer written with 12 digits (YYYYMMDDNNNC, optionally one `-` or `+`
 * before the last four). Returns null when the shape, the date, the serial (000 is never
 * issued) or the check digit is wrong.
 */
export function parsePersonnummer(input: unknown): Personnummer | null {
  if (typeof input !== 'string') return null;
  const m = SHAPE.exec(input.trim());
  if (!m) return null;
  const datePart = m[1] as string;
  const rest = m[2] as string;
  const year = Number(datePart.slice(0, 4));
  const month = Number(datePart.slice(4, 6));
  let day = Number(datePart.slice(6, 8));
  const coordination = day > 60;
  if (coordination) day -= 60;
  const birth = { year, month, day };
  if (!isRealDate(birth)) return null;
  const normalized = datePart + rest;
  // Serial 000 is never issued (Skatteverket's serials run 001–999).
  if (rest.startsWith('000')) return null;
  if (!luhnValid(normalized.slice(2))) return null;
  const ninth = Number(rest[2]);
  return { normalized, birth, coordination, gender: ninth % 2 === 1 ? 'male' : 'female' };
}
