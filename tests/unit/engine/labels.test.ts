import { describe, expect, it } from 'vitest';
import { isRejectedLabel } from '../../../engine/labels';

describe("the 'Ej intressant' label (issue 26)", () => {
  it('is the Interest label of that name, however it is spaced or cased, and never a Process level', () => {
    expect(isRejectedLabel({ labelType: 'Interest', name: 'Ej intressant' })).toBe(true);
    expect(isRejectedLabel({ labelType: 'Interest', name: ' ej Intressant ' })).toBe(true);
    expect(isRejectedLabel({ labelType: 'Interest', name: 'Intressant' })).toBe(false);
    expect(isRejectedLabel({ labelType: 'Process', name: 'Ej intressant' })).toBe(false);
  });
});
