import { ageOn, formatIsoDate, parseIsoDate, stockholmDate } from './dates';
import { parsePersonnummer } from './personnummer';
import { fixedKeyOf } from './answer-kinds';
import type { Answers, MetadataProperty } from './types';

/** The applicant info the server stores beside the answers (spec 1 §3 "Applicant info"). */
export interface ApplicantInfo {
  firstname: string;
  lastname: string;
  name: string;
  email: string;
  /** 12 digits without separator, or '' when none was given. */
  ssn: string;
  address: string;
  zipCode: string;
  city: string;
  phone: string;
  /** YYYY-MM-DD from the personnummer or the birth date field, or ''. */
  dateOfBirth: string;
  /** Whole years today (Europe/Stockholm), or null without a valid personnummer. */
  age: number | null;
  gender: 'Man' | 'Kvinna' | '';
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The first answer of the special key, else of the first field matching `fallback`. */
function pick(metadata: readonly MetadataProperty[], answers: Answers, key: string, fallback?: (p: MetadataProperty) => boolean): string {
  const direct = text(answers[key]);
  if (direct || !fallback) return direct;
  const p = metadata.find((m) => m && fallback(m) && text(answers[m.key]) !== '');
  return p ? text(answers[p.key]) : '';
}

/**
 * Reads the applicant's contact facts out of the answers: the spec's special keys
 * (form_firstname, form_surname, form_email, form_ssn, ...), else the first field of the
 * matching person field type (Förnamn, E-post, …, whatever its key), else for the
 * personnummer the first field that checks one (ssnValidSwe), as older custom forms have.
 */
export function extractApplicantInfo(metadata: readonly MetadataProperty[], answers: Answers, now: Date = new Date()): ApplicantInfo {
  // The person fields by their type's fixed key, in form order: one pass over the form, not one per fact.
  const byType = new Map<string, MetadataProperty[]>();
  for (const p of metadata) {
    const fixed = p ? fixedKeyOf(p.type) : undefined;
    if (fixed === undefined) continue;
    const list = byType.get(fixed);
    if (list) list.push(p);
    else byType.set(fixed, [p]);
  }
  const get = (key: string) => {
    const direct = text(answers[key]);
    if (direct) return direct;
    const field = byType.get(key)?.find((p) => text(answers[p.key]) !== '');
    return field ? text(answers[field.key]) : '';
  };
  const firstname = get('form_firstname');
  const lastname = get('form_surname');
  const email = get('form_email').toLowerCase();
  const ssnRaw = get('form_ssn') || pick(metadata, answers, 'form_ssn', (p) => (p.validators ?? []).some((v) => v?.name === 'ssnValidSwe'));
  const pnr = parsePersonnummer(ssnRaw);
  // Without a personnummer, the birth date field (issue 28: a form may ask for a birth date only).
  const birth = pnr?.birth ?? parseIsoDate(get('form_birthdate'));
  return {
    firstname,
    lastname,
    name: [firstname, lastname].filter(Boolean).join(' '),
    email,
    ssn: pnr?.normalized ?? '',
    address: get('form_address'),
    zipCode: get('form_zipcode'),
    city: get('form_city'),
    phone: get('form_mobilePhone') || get('form_homePhone'),
    dateOfBirth: birth ? formatIsoDate(birth) : '',
    age: birth ? ageOn(birth, stockholmDate(now)) : null,
    gender: pnr ? (pnr.gender === 'male' ? 'Man' : 'Kvinna') : '',
  };
}
