import { describe, expect, it } from 'vitest';
import { compileTemplate } from '../../../engine/index';
import type { MetadataProperty } from '../../../engine/types';
import { answersFromForm, shownAnswers, type FormPosition } from '../../../server/http/apply-form-answers';
import { PostedForm } from '../../../server/http/form-body';

const metadata: MetadataProperty[] = [
  { key: 'form_firstname', type: 'text', label: 'Förnamn', order: 0 },
  { key: 'form_ok', type: 'checkbox', label: 'Godkänner', order: 1 },
  { key: 'form_step_1', type: 'step', label: 'Bilagor', order: 2 },
  { key: 'form_file', type: 'file', label: 'CV', order: 3 },
  { key: 'form_more', type: 'textarea', label: 'Övrigt', order: 4 },
];
const { uiSchema } = compileTemplate({ metadata });
const position = { id: 1, metadata, compiledForm: { uiSchema } } as unknown as FormPosition;

describe('answersFromForm (a form posted without script)', () => {
  it('reads each field by its widget: text, an unchecked checkbox as false, a file as a data URL; the page drawn again asks for the file again', () => {
    const form = new PostedForm();
    form.add('form_firstname', 'Nora');
    form.add('form_more', '');
    form.add('form_file', { filename: 'cv.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') });
    const { answers } = answersFromForm(form, position, null);
    expect(answers).toEqual({
      form_firstname: 'Nora',
      form_ok: false,
      form_file: [{ filename: 'cv.pdf', type: 'application/pdf', data: `data:application/pdf;base64,${Buffer.from('%PDF-1.4').toString('base64')}` }],
    });
    expect(shownAnswers(answers, position, null)).toEqual({ form_firstname: 'Nora', form_ok: false });
  });

  it('takes the fields of other steps from the carried answers only (a file sent on this step wins over a carried one)', () => {
    const form = new PostedForm();
    form.add('form_more', 'Hej');
    form.add('form_firstname', 'Inskjuten');
    form.add('blk_answers', JSON.stringify({ form_firstname: 'Nora', form_ok: true, form_file: [{ filename: 'x', type: 'y', data: 'data:,x' }], okänd: 1 }));
    const { answers } = answersFromForm(form, position, new Set(['form_file', 'form_more']));
    expect(answers).toEqual({ form_firstname: 'Nora', form_ok: true, form_more: 'Hej' });
  });

  it('carries a file chosen on an earlier step to the send (regression: it was dropped on the next step)', () => {
    const cv = [{ filename: 'cv.pdf', type: 'application/pdf', data: 'data:application/pdf;base64,JVBERi0xLjQ=' }];
    // The file's step (2) sent with 'Föregående': step 1's page is drawn and carries the file on.
    const onStep2 = new PostedForm();
    onStep2.add('form_file', { filename: 'cv.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') });
    onStep2.add('blk_answers', JSON.stringify({ form_firstname: 'Nora' }));
    const { answers } = answersFromForm(onStep2, position, new Set(['form_file', 'form_more']));
    expect(shownAnswers(answers, position, new Set(['form_firstname', 'form_ok']))).toEqual({ form_firstname: 'Nora', form_file: cv });
    // Its page drawn again (back to it) asks for the file again instead of showing a name it cannot send.
    expect(shownAnswers(answers, position, new Set(['form_file', 'form_more']))).toEqual({ form_firstname: 'Nora' });
    // Step 1 sent from that page: the carried file is an answer again.
    const onStep1 = new PostedForm();
    onStep1.add('form_firstname', 'Nora');
    onStep1.add('blk_answers', JSON.stringify({ form_file: cv, form_more: 'Hej' }));
    expect(answersFromForm(onStep1, position, new Set(['form_firstname', 'form_ok'])).answers).toEqual({ form_firstname: 'Nora', form_ok: false, form_file: cv, form_more: 'Hej' });
  });

  it('ignores carried answers that are not a JSON object', () => {
    const form = new PostedForm();
    form.add('blk_answers', '[1,2');
    const { answers } = answersFromForm(form, position, new Set(['form_more']));
    expect(answers).toEqual({});
  });
});
