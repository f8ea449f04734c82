import { describe, expect, it } from 'vitest';
import { answerAsText, carriesFiles, filterMatch, kindOf, specialFieldKey } from '../../../engine/answer-kinds';
import { deriveAnswerKind } from '../../../engine/answer-shape';
import type { FieldTypeDefinition } from '../../../engine/definitions';
import { fieldTypeDefinitions } from '../../../schemas/generated/catalogue';

const builtIn = fieldTypeDefinitions as FieldTypeDefinition[];

describe('answer kinds (engine/answer-kinds.ts)', () => {
  it('derives from each built-in answer schema the kind its file declares', () => {
    for (const def of builtIn) expect([def.name, deriveAnswerKind(def)]).toEqual([def.name, def.answerKind]);
  });

  it('shows every kind of answer as Swedish text', () => {
    expect(answerAsText('boolean', true)).toBe('Ja');
    expect(answerAsText('boolean', false)).toBe('Nej');
    expect(answerAsText('period', { startDate: '2026-06-01', endDate: '2026-06-30', checked: true })).toBe('Ja');
    expect(answerAsText('choice', 'k_2', new Map([['k_2', 'Lager']]))).toBe('Lager');
    expect(answerAsText('files', [{ filename: 'cv.pdf' }, { filename: 'betyg.pdf' }])).toBe('cv.pdf, betyg.pdf');
    expect(answerAsText('image', 'data:image/png;base64,AAAA')).toBe('Bild');
    expect(answerAsText('text', 'Hej')).toBe('Hej');
    expect(answerAsText('none', 'x')).toBe('');
  });

  it('finds kinds, files and the e-mail field by type, never by the type name in the caller', () => {
    expect(kindOf('textarea')).toBe('text');
    expect(kindOf('radioGroup')).toBe('choice');
    expect(carriesFiles('file')).toBe('list');
    expect(carriesFiles('imageBase64')).toBe('one');
    expect(carriesFiles('text')).toBeNull();
    expect(specialFieldKey([{ key: 'mejl', type: 'email' }], 'form_email')).toBe('mejl');
  });

  it('lets a filter hold choices only, never free text', () => {
    const form = [
      { key: 'g', type: 'group', data: ['b'] },
      { key: 'b', type: 'checkbox' },
      { key: 'r', type: 'radioGroup', data: ['r_1'] },
      { key: 'r_1', type: 'radio' },
      { key: 't', type: 'text' },
    ];
    expect(filterMatch(form, form[1]!, true)).toEqual({ group: 'g', path: 'metadata.b', value: true });
    expect(filterMatch(form, form[2]!, 'r_1')).toEqual({ group: 'r', path: 'metadata.r', value: 'r_1' });
    expect(filterMatch(form, form[3]!, true)).toEqual({ group: 'r', path: 'metadata.r', value: 'r_1' });
    expect(filterMatch(form, form[2]!, 'nej')).toBe('value');
    expect(filterMatch(form, form[4]!, 'x')).toBe('key');
    expect(filterMatch(form, form[0]!, true)).toBe('key');
  });
});
