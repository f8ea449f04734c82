import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The integrator's path: a brand-new field type declared only as a JSON file in a catalogue
 * folder of its own. "phone" reuses the text widget; nothing in engine/ knows about it.
 */
export const phoneType = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  name: 'phone',
  title: 'Telefonnummer',
  description: 'Ett svenskt telefonnummer.',
  answer: { type: 'string', pattern: '^\\+?[0-9 -]{6,20}$' },
  data: { anyOf: [{ type: 'null' }, { type: 'string', maxLength: 0 }] },
  editor: { type: 'object', title: 'Telefonnummer', required: ['label'], properties: { label: { type: 'string', title: 'Rubrik' }, required: { type: 'boolean', title: 'Obligatorisk' } } },
  validators: ['minLength'],
  widget: 'text',
  groupLike: false,
  childOnly: false,
  keyPrefix: 'form_phone_',
  requiredValidator: { name: 'minLength', data: 1 },
};

/** Writes the phone type into a fresh temporary catalogue folder and returns the folder. */
export function writeTempCatalogue(): string {
  const dir = mkdtempSync(join(tmpdir(), 'blankett-catalogue-'));
  mkdirSync(join(dir, 'field-types'));
  writeFileSync(join(dir, 'field-types', 'phone.json'), JSON.stringify(phoneType, null, 2));
  return dir;
}

export const phoneForm = {
  key: 'phone-form',
  version: 1,
  metadata: [
    { key: 'form_name', type: 'text', label: 'Namn', required: true },
    { key: 'form_phone_1000', type: 'phone', label: 'Telefon', required: true },
  ],
};
