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

const LEAP_YEAR = '(?:\\d\\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)';
/** Month and day (or day + 60, a samordningsnummer) that exist in some year; 29 February (89) only in a leap year. */
const MONTH_DAY =
  '(?:(?:0[13578]|1[02])(?:0[1-9]|[12]\\d|3[01]|6[1-9]|[78]\\d|9[01])' +
  '|(?:0[469]|11)(?:0[1-9]|[12]\\d|30|6[1-9]|[78]\\d|90)' +
  '|02(?:0[1-9]|1\\d|2[0-8]|6[1-9]|7\\d|8[0-8]))';
const LEAP_DAY = `${LEAP_YEAR}02(?:29|89)`;

/**
 * What a pattern can say of a personnummer, for schemas read without Blankett's code: blank, or
 * (trimmed) 12 digits with one optional '-' or '+' before the last four, a real date (a
 * samordningsnummer's day + 60) and a serial other than 000. Only the Luhn check digit is left
 * to the ssnValidSwe keyword. A unit test holds it to `parsePersonnummer` over a corpus.
 */
export const PERSONNUMMER_PATTERN = `^\\s*$|^\\s*(?:\\d{4}${MONTH_DAY}|${LEAP_DAY})[-+]?(?!000)\\d{4}\\s*$`;

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

const MASKABLE = /^\s*(\d{8})[-+]?\d{4}\s*$/;

/**
 * A personnummer as lists, search results, the board and exports show it (issue 28): the birth
 * date's eight digits and XXXX, '19900101-XXXX'. Any other text comes back as it was.
 */
export function maskPersonnummer(text: string): string {
  const m = MASKABLE.exec(text);
  return m ? `${m[1]}-XXXX` : text;
}

/** Whether a text is a personnummer as the forms take it (12 digits, one '-' or '+' before the last four), checked or not. */
export const looksLikePersonnummer = (text: unknown): text is string => typeof text === 'string' && MASKABLE.test(text);


/** Whether a text is a personnummer as maskPersonnummer shows it ('19900101-XXXX'). */
export const isMaskedPersonnummer = (text: unknown): boolean => typeof text === 'string' && /^\d{8}-XXXX$/.test(text);
