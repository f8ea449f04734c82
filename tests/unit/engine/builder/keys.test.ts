import { describe, expect, it } from 'vitest';
import { allocateKey, counterAfter, FIRST_CUSTOM_KEY, keyPrefix } from '../../../../engine/builder/keys';

describe('custom keys', () => {
  it('uses the spec prefixes form_text_ and form_textarea_', () => {
    expect(keyPrefix('text')).toBe('form_text_');
    expect(keyPrefix('textarea')).toBe('form_textarea_');
  });

  it('starts the counter at 1000 for a form without custom keys', () => {
    expect(counterAfter([{ key: 'form_firstname', type: 'text' }])).toBe(FIRST_CUSTOM_KEY);
    expect(allocateKey('form_text_', 1000, new Set()).key).toBe('form_text_1000');
  });

  it('continues after the highest custom key a stored form holds', () => {
    expect(counterAfter([{ key: 'form_text_1000', type: 'text' }, { key: 'form_group_1007', type: 'group' }])).toBe(1008);
  });

  it('keeps a stored counter that is higher than any key left in the form', () => {
    expect(counterAfter([{ key: 'form_text_1000', type: 'text' }], 1012)).toBe(1012);
  });

  it('skips a number another type already uses so keys stay unique across types', () => {
    const got = allocateKey('form_textarea_', 1000, new Set(['form_text_1000', 'form_text_1001']));
    expect(got).toEqual({ key: 'form_textarea_1002', nextKey: 1003 });
  });
});
