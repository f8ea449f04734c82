import sv from '../schemas/messages/sv.json' with { type: 'json' };
import { fixedKeyOf } from './answer-kinds';
import type { FieldCondition } from './conditions';
import type { MetadataProperty } from './types';

/**
 * Personnummer only where needed (issue 28 item 3): a form's mode as a change of its fields.
 * - 'ssn': the form as it is;
 * - 'birthDate': every personnummer field becomes a birth date field (form_birthdate), so the
 *   form stores no personnummer; rules on the personnummer's age read the birth date;
 * - 'ssnOrBirthDate': the personnummer is asked for with a box 'Jag har inget svenskt
 *   personnummer' that shows a required birth date field (the server requires one of them).
 * Pure: the server applies it when a form is saved with a mode (server/domain/positions).
 */
export type SsnMode = 'ssn' | 'birthDate' | 'ssnOrBirthDate';

export const BIRTH_DATE_KEY = 'form_birthdate';
export const NO_SSN_KEY = 'form_checkbox_noSwedishSsn';

const isSsn = (p: MetadataProperty) => fixedKeyOf(p.type) === 'form_ssn';

function birthDateField(from: MetadataProperty, required: boolean, extra: Partial<MetadataProperty> = {}): MetadataProperty {
  return {
    key: BIRTH_DATE_KEY,
    type: 'birthDate',
    label: sv.privacy.birthDate,
    placeholder: 'ÅÅÅÅ-MM-DD',
    required,
    isHtml: false,
    order: from.order,
    data: null,
    validators: required ? [{ name: 'minLength', data: 1 }] : [],
    ...extra,
  };
}

const retarget = (c: FieldCondition | null | undefined, from: string): FieldCondition | null | undefined => (c && c.field === from ? { ...c, field: BIRTH_DATE_KEY } : c);

/** The form in the mode: fields changed as above; a form already in the mode comes back unchanged. */
export function formForSsnMode(metadata: readonly MetadataProperty[], mode: SsnMode): MetadataProperty[] {
  const ssn = metadata.find(isSsn);
  if (mode === 'ssn' || !ssn) return [...metadata];
  if (mode === 'birthDate') {
    // Rules that read the personnummer (an age, say) read the birth date instead.
    return metadata
      .filter((p) => p.key !== NO_SSN_KEY && (p.key !== BIRTH_DATE_KEY || p === ssn))
      .map((p) => (p === ssn ? birthDateField(p, ssn.required === true) : { ...p, visibleWhen: retarget(p.visibleWhen, ssn.key), requiredWhen: retarget(p.requiredWhen, ssn.key) }))
      .map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as unknown as MetadataProperty);
  }
  if (metadata.some((p) => p.key === NO_SSN_KEY)) return [...metadata];
  const out: MetadataProperty[] = [];
  for (const p of metadata) {
    if (p !== ssn) {
      out.push(p);
      continue;
    }
    // The personnummer itself is optional here: the server requires it or the box with a birth date.
    out.push({ ...p, required: false, validators: (p.validators ?? []).filter((v) => v.name !== 'minLength') });
    out.push({ key: NO_SSN_KEY, type: 'checkbox', label: sv.privacy.noSwedishSsn, required: false, isHtml: false, order: p.order, data: null, validators: [] });
    out.push(birthDateField(p, false, { visibleWhen: { field: NO_SSN_KEY, op: 'checked' }, requiredWhen: { field: NO_SSN_KEY, op: 'checked' } }));
  }
  return out;
}
