import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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

/**
 * Two field types an integrator adds as files, reusing widgets (docs/field-types.md): a yes/no
 * on the checkbox widget (no answerKind: the engine derives 'boolean' from the answer schema)
 * and a patterned text on the text widget.
 */
export const newsletterType = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  name: 'newsletter',
  title: 'Nyhetsbrev',
  description: 'Ja eller nej till nyhetsbrevet.',
  answer: { type: 'boolean' },
  data: { anyOf: [{ type: 'null' }, { type: 'string', maxLength: 0 }] },
  editor: { type: 'object', title: 'Nyhetsbrev', required: ['label'], properties: { label: { type: 'string', title: 'Rubrik' }, required: { type: 'boolean', title: 'Obligatorisk' } } },
  validators: ['approved'],
  widget: 'checkbox',
  groupLike: false,
  childOnly: false,
  keyPrefix: 'form_newsletter_',
  requiredValidator: { name: 'approved' },
};

export const orgnrType = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  name: 'orgnr',
  title: 'Organisationsnummer',
  description: 'Ett svenskt organisationsnummer, NNNNNN-NNNN.',
  answer: { type: 'string', maxLength: 11, pattern: '^[0-9]{6}-[0-9]{4}$' },
  answerKind: 'text',
  data: { anyOf: [{ type: 'null' }, { type: 'string', maxLength: 0 }] },
  editor: { type: 'object', title: 'Organisationsnummer', required: ['label'], properties: { label: { type: 'string', title: 'Rubrik' }, required: { type: 'boolean', title: 'Obligatorisk' } } },
  validators: ['minLength'],
  widget: 'text',
  groupLike: false,
  childOnly: false,
  keyPrefix: 'form_orgnr_',
  requiredValidator: { name: 'minLength', data: 1 },
};

/**
 * A copy of the catalogue under schemas/ (field-types/ and validators/) in a fresh temporary
 * folder, with `extra` written as field-types/<name>.json (a string: the file's text as is);
 * returns the folder, for CATALOGUE_DIR or loadRegistry.
 */
export function copyCatalogueWith(extra: Record<string, object | string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'blankett-catalogue-'));
  for (const sub of ['field-types', 'validators']) cpSync(join(process.cwd(), 'schemas', sub), join(dir, sub), { recursive: true });
  for (const [name, body] of Object.entries(extra)) writeFileSync(join(dir, 'field-types', `${name}.json`), typeof body === 'string' ? body : JSON.stringify(body, null, 2));
  return dir;
}
