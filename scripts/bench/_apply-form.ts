/**
 * The apply benchmark's form and answers (server-apply.ts and its child process): the form is
 * tests/fixtures/form-200.json when present, otherwise 200 generated fields (text with
 * minLength, email, textarea, checkbox).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MetadataProperty } from '../../engine/types';
import { fixedKeyOf, IMPORTED_TYPE, kindOf } from '../../engine/answer-kinds';

export const FIXTURE = resolve(import.meta.dirname, '../../tests/fixtures/form-200.json');

function generatedForm(): MetadataProperty[] {
  const fields: MetadataProperty[] = [];
  for (let i = 0; i < 200; i++) {
    const key = `form_f${1000 + i}`;
    const kind = i % 10;
    if (kind === 9) fields.push({ key, type: 'checkbox', label: `Fråga ${i}`, required: false, order: i, validators: [] });
    else if (kind === 8) fields.push({ key, type: 'textarea', label: `Fråga ${i}`, required: false, order: i, validators: [] });
    else if (kind === 7) fields.push({ key, type: 'email', label: `E-post ${i}`, required: true, order: i, validators: [{ name: 'validEmail', data: null }] });
    else fields.push({ key, type: 'text', label: `Fråga ${i}`, required: true, order: i, validators: [{ name: 'minLength', data: 2 }] });
  }
  return fields;
}

/**
 * A position's form has exactly one E-post field (issue 17): every later one becomes a text
 * field with the same validators (minLength, validEmail), so the validation work is unchanged.
 */
function oneEmail(metadata: MetadataProperty[]): MetadataProperty[] {
  let seen = false;
  return metadata.map((f) => {
    if (fixedKeyOf(f.type) !== 'form_email') return f;
    if (!seen) return ((seen = true), f);
    return { ...f, type: IMPORTED_TYPE.text, validators: f.validators?.some((v) => v.name === 'validEmail') ? f.validators : [...(f.validators ?? []), { name: 'validEmail', data: null }] };
  });
}

export function form(): MetadataProperty[] {
  if (!existsSync(FIXTURE)) return oneEmail(generatedForm());
  const raw = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { metadata?: MetadataProperty[] } | MetadataProperty[];
  return oneEmail(Array.isArray(raw) ? raw : (raw.metadata ?? generatedForm()));
}

/** Answers that pass the generated form; for a fixture form, the same kinds of values by answer kind. */
export function answers(metadata: MetadataProperty[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of metadata) {
    const kind = kindOf(f.type);
    if (kind === 'boolean') out[f.key] = true;
    else if (kind === 'email' || f.validators?.some((v) => v.name === 'validEmail')) out[f.key] = 'svar@example.se';
    else if (kind === 'text') out[f.key] = `Ett svar på ${f.key}`;
  }
  return out;
}

