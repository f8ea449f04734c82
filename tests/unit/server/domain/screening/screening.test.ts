import { describe, expect, it } from 'vitest';
import type { ContainerDoc } from '../../../../../server/domain/core/docs';
import { hiddenAnswers } from '../../../../../server/domain/screening/screening';

const c = {
  id: 1,
  name: 'demo',
  labels: [
    { id: 10, name: 'Ej bedömd', labelType: 'Interest' },
    { id: 20, name: 'Telefonintervju', labelType: 'Process' },
    { id: 21, name: 'Intervju', labelType: 'Process' },
  ],
} as unknown as ContainerDoc;

describe('what anonymous screening says it hides', () => {
  const form = ['form_firstname', 'form_email', 'form_mobilePhone', 'form_textarea_1', 'form_textarea_2'];
  const answers = { form_firstname: 'Anna', form_email: 'anna@example.se', form_textarea_1: 'Jag gillar lager', form_textarea_2: '199001011234' };

  it('names the form person fields (answered or not) and an answer left out as identifying, and the level that shows them', () => {
    const h = hiddenAnswers(c, { untilProcessLabelId: 21 }, form, answers);
    expect(h.until).toBe('Intervju');
    expect(h.keys.sort()).toEqual(['form_email', 'form_firstname', 'form_mobilePhone', 'form_textarea_2']);
  });

  it('names no level when the mode hides them for good or its level is gone', () => {
    expect(hiddenAnswers(c, { untilProcessLabelId: null }, form, answers).until).toBeNull();
    expect(hiddenAnswers(c, { untilProcessLabelId: 99 }, form, answers).until).toBeNull();
  });
});
