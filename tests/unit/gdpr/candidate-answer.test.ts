import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerCompiler } from '../../../server/dispatcher/answers';
import { actionSchemaPath } from '../../../server/dispatcher/action-files';

const action = JSON.parse(readFileSync(actionSchemaPath('get_applicantPositions'), 'utf8'));
const validate = answerCompiler()(action['x-answer']);

/** The candidate's own view of an application, as server/domain/candidate.ts builds it. */
const own = {
  own: true,
  id: 7,
  created: 1_700_000_000,
  containerId: 1,
  positionId: 2,
  position: { id: 2, name: 'Kassa' },
  email: 'sara@exempel.se',
  info: { firstname: 'Sara', lastname: 'S', name: 'Sara S', email: 'sara@exempel.se' },
  metadata: { form_firstname: 'Sara' },
  processLabelId: 5,
  labels: [{ id: 5, name: 'Intervju', labelType: 'Process' }],
  files: [{ filename: 'cv.pdf', type: 'application/pdf' }],
};

describe("the candidate's own view in get_applicantPositions' x-answer", () => {
  it('accepts the candidate view', () => {
    expect(validate([own]), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    ['the Interest label id', { interestLabelId: 3 }],
    ['the notes count', { notesCount: 2 }],
    ['staff notes', { notes: [{ id: 1, note: 'Ring', created: 1, author: 'Viktor' }] }],
    ['an Interest label', { labels: [{ id: 3, name: 'Intressant', labelType: 'Interest' }] }],
    ['a file’s storage url', { files: [{ filename: 'cv.pdf', type: 'application/pdf', url: 'app-7-x' }] }],
  ])('refuses a candidate answer that carries %s', (_what, extra) => {
    expect(validate([{ ...own, ...extra }])).toBe(false);
  });
});
