import { fakerSV as faker } from '@faker-js/faker';
import { fakeAnswer, isBoxGroup, type FakeSource } from '../../../engine/answer-kinds';
import type { MetadataProperty } from '../../../engine/types';

/**
 * Realistic Swedish demo answers for any position form. The answers are built from the
 * form's own field types and validators (birth-year and age rules pick the personnummer's
 * birth date, groups get as many checked children as they require), and the caller proves
 * each set with the position's compiled validator before storing it.
 */

const YEAR = 365.2425 * 24 * 3600;

/** A valid 12-digit personnummer (YYYYMMDDNNNC, Luhn over the last ten). */
function personnummer(birth: Date, serial: number): string {
  const y = birth.getUTCFullYear();
  const mm = String(birth.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(birth.getUTCDate()).padStart(2, '0');
  const nine = `${String(y).slice(2)}${mm}${dd}${String(serial).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < nine.length; i++) {
    let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return `${y}${mm}${dd}${String(serial).padStart(3, '0')}${(10 - (sum % 10)) % 10}`;
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' ? Number(v.trim()) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) ? n : undefined;
};
const years = (v: unknown): number[] =>
  String(v ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n));
const dateSec = (s: unknown): number | undefined => {
  const t = Date.parse(`${String(s)}T12:00:00Z`);
  return Number.isFinite(t) ? t / 1000 : undefined;
};

/** Which birth years the field's validators allow, as [from, to] (inclusive). */
function birthYearRange(p: MetadataProperty, nowSec: number, startSec: number): [number, number] {
  const thisYear = new Date(nowSec * 1000).getUTCFullYear();
  let lo = thisYear - 60;
  let hi = thisYear - 18;
  let list: number[] | undefined;
  for (const v of p.validators ?? []) {
    const d = v.data as Record<string, unknown> | undefined;
    if (v.name === 'minYearBornSwe' || v.name === 'minYearBorn') lo = Math.max(lo, num(v.data) ?? lo), (hi = Math.max(hi, lo));
    if (v.name === 'equalYearBorn') list = [num(v.data) ?? lo];
    if (v.name === 'allowedYearsBornSwe' || v.name === 'allowedYears') list = years(v.data);
    if (v.name === 'minYearAtStart') {
      const age = num(v.data) ?? 0;
      hi = Math.min(hi, new Date((startSec - (age + 1) * YEAR) * 1000).getUTCFullYear());
      lo = Math.min(lo, hi - 20);
    }
    if (v.name === 'allowedAgeInPeriod' && d) {
      const min = num(d.minAge) ?? 1;
      const max = num(d.maxAge) ?? 100;
      const s = dateSec(d.startDate) ?? nowSec;
      const e = dateSec(d.endDate) ?? nowSec;
      // Old enough on the first day, not too old on the last: one year of margin each side.
      hi = new Date((s - (min + 1) * YEAR) * 1000).getUTCFullYear();
      lo = new Date((e - max * YEAR) * 1000).getUTCFullYear() + 1;
      if (lo > hi) lo = hi;
      lo = Math.max(lo, hi - 40);
    }
  }
  if (list?.length) {
    const inRange = list.filter((y) => y >= lo && y <= hi);
    const pick = faker.helpers.arrayElement(inRange.length ? inRange : list);
    return [pick, pick];
  }
  return lo <= hi ? [lo, hi] : [hi, hi];
}

const SSN_VALIDATORS = new Set(['ssnValidSwe', 'minYearBornSwe', 'allowedYearsBornSwe', 'equalYearBorn', 'allowedAgeInPeriod', 'minYearAtStart']);
const YEAR_VALIDATORS = new Set(['minYearBorn', 'allowedYears']);

export interface FakePerson {
  firstname: string;
  lastname: string;
  email: string;
  answers: Record<string, unknown>;
}

/** One fake person and their answers to `metadata`. `unique` makes the email unique in a run. */
export function fakeApplicant(metadata: readonly MetadataProperty[], opts: { now: number; positionStart: number; unique: string }): FakePerson {
  const sex = faker.helpers.arrayElement(['female', 'male'] as const);
  const firstname = faker.person.firstName(sex);
  const lastname = faker.person.lastName();
  const ascii = (s: string) => s.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase() || 'person';
  const email = `${ascii(firstname)}.${ascii(lastname)}.${opts.unique}@exempel.se`;
  const answers: Record<string, unknown> = {};

  const specials: Record<string, () => string> = {
    form_firstname: () => firstname,
    form_surname: () => lastname,
    form_address: () => faker.location.streetAddress(),
    form_zipcode: () => faker.location.zipCode('#####'),
    form_city: () => faker.location.city(),
    form_mobilePhone: () => `07${faker.string.numeric(8)}`,
    form_homePhone: () => `08${faker.string.numeric(7)}`,
    form_email: () => email,
    form_linkedInUrl: () => `https://www.linkedin.com/in/${ascii(firstname)}-${ascii(lastname)}`,
  };

  const text = (p: MetadataProperty, maxLength: number, pattern?: string): string => {
    const names = new Set((p.validators ?? []).map((v) => v.name));
    const minLen = num((p.validators ?? []).find((v) => v.name === 'minLength')?.data) ?? 0;
    const pad = (s: string) => (s.trim().length >= minLen ? s : s + ' ' + faker.lorem.words(Math.ceil(minLen / 4) + 1)).slice(0, Math.max(minLen + 40, s.length));
    if (p.key === 'form_ssn' || [...names].some((n) => SSN_VALIDATORS.has(n))) {
      const [lo, hi] = birthYearRange(p, opts.now, opts.positionStart);
      const year = faker.number.int({ min: lo, max: hi });
      const birth = new Date(Date.UTC(year, faker.number.int({ min: 0, max: 11 }), faker.number.int({ min: 1, max: 28 })));
      // The serial's last digit is odd for men and even for women.
      const serial = faker.number.int({ min: 1, max: 99 }) * 10 + faker.helpers.arrayElement(sex === 'male' ? [1, 3, 5, 7, 9] : [0, 2, 4, 6, 8]);
      return personnummer(birth, serial);
    }
    if ([...names].some((n) => YEAR_VALIDATORS.has(n))) {
      const [lo, hi] = birthYearRange(p, opts.now, opts.positionStart);
      return String(faker.number.int({ min: lo, max: hi }));
    }
    if (names.has('validEmail')) return email;
    const special = specials[p.key];
    if (special) return special();
    // A patterned type (a file of schemas/field-types/ with `pattern`): a string of its pattern.
    if (pattern) return faker.helpers.fromRegExp(pattern.replace(/^\^|\$$/g, ''));
    return pad(maxLength > 1000 ? faker.lorem.paragraph() : faker.lorem.words({ min: 2, max: 5 }));
  };
  const source: FakeSource = { text, email: () => email, boolean: () => faker.datatype.boolean(), pick: (list) => faker.helpers.arrayElement(list) };
  for (const p of metadata) {
    const value = fakeAnswer(p, source);
    if (value !== undefined) answers[p.key] = value;
  }
  // Groups: check as many children as the group's validators ask for (at least one when any does).
  for (const g of metadata) {
    if (!isBoxGroup(g)) continue;
    const kids = (g.data as string[]).filter((k) => k in answers);
    const min = (g.validators ?? []).reduce((n, v) => {
      if (v.name === 'minSelectedInGroup') return Math.max(n, num(v.data) ?? 1);
      if (v.name === 'beCustomGroupValidation') return Math.max(n, 1);
      return n;
    }, 0);
    const listed = (g.validators ?? []).find((v) => v.name === 'beCustomGroupValidation' && Array.isArray(v.data))?.data as string[] | undefined;
    const order = [...(listed?.filter((k) => kids.includes(k)) ?? []), ...faker.helpers.shuffle(kids)];
    const checkedCount = () => kids.filter((k) => isChecked(answers[k])).length;
    for (const k of order) {
      if (checkedCount() >= min) break;
      answers[k] = typeof answers[k] === 'object' ? { ...(answers[k] as object), checked: true } : true;
    }
  }
  return { firstname, lastname, email, answers };
}

const isChecked = (v: unknown) => v === true || (typeof v === 'object' && v !== null && (v as { checked?: unknown }).checked === true);
