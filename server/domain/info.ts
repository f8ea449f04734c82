import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ApplicantInfo } from './docs';

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim().slice(0, 300) : '';
}

/** YYYY-MM-DD of a 12-digit personnummer (samordningsnummer: day − 60), or ''. */
export function birthDateOf(ssn: string): string {
  const digits = ssn.replace(/[-+\s]/g, '');
  if (!/^\d{12}$/.test(digits)) return '';
  let day = Number(digits.slice(6, 8));
  if (day > 60) day -= 60;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${String(day).padStart(2, '0')}`;
}

/** Age in whole years on `at` (unix seconds) for a YYYY-MM-DD birth date, or null. */
export function ageOn(dateOfBirth: string, at: number): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!m) return null;
  const now = new Date(at * 1000);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < mo || (now.getUTCMonth() + 1 === mo && now.getUTCDate() < d)) age -= 1;
  return age;
}

/**
 * The applicant's info from the answers by the spec's special form keys (spec doc 2 §9):
 * form_firstname, form_surname, form_ssn, form_address, form_zipcode, form_city,
 * form_email, form_mobilePhone, form_homePhone. The application's email wins over the
 * form's email field, since it is the one the duplicate check uses.
 */
export function applicantInfo(answers: Record<string, unknown>, email: string): ApplicantInfo {
  const firstname = str(answers.form_firstname);
  const lastname = str(answers.form_surname);
  const ssn = str(answers.form_ssn).replace(/[-+\s]/g, '');
  const info: ApplicantInfo = {
    firstname,
    lastname,
    name: `${firstname} ${lastname}`.trim(),
    email,
  };
  if (ssn) {
    info.ssn = ssn;
    const dateOfBirth = birthDateOf(ssn);
    if (dateOfBirth) {
      info.dateOfBirth = dateOfBirth;
      // Second-to-last digit: odd for men, even for women (Skatteverket).
      const g = Number(ssn.charAt(10));
      info.gender = g % 2 === 1 ? sv.domain.genderMale : sv.domain.genderFemale;
    }
  }
  const address = str(answers.form_address);
  const zipCode = str(answers.form_zipcode);
  const city = str(answers.form_city);
  const phone = str(answers.form_mobilePhone) || str(answers.form_homePhone);
  if (address) info.address = address;
  if (zipCode) info.zipCode = zipCode;
  if (city) info.city = city;
  if (phone) info.phone = phone;
  return info;
}
