import { describe, expect, it } from 'vitest';
import { addChild, addField, countMeritGroups, moveBy, moveField, removeField, setValidator, updateField } from '../../../../engine/builder/ops';
import { childrenOf, fromMetadata, topLevel } from '../../../../engine/builder/tree';
import type { BuilderForm, BuilderResult } from '../../../../engine/builder/types';
import { catalog, ctx } from './fixture';

function ok(r: BuilderResult): BuilderForm & { key: string } {
  if (!r.ok) throw new Error(r.message);
  return { ...r.form, key: r.key };
}

const empty: BuilderForm = { metadata: [], nextKey: 1000 };
const keys = (f: BuilderForm) => topLevel(f, catalog).map((p) => p.key);

function threeTexts(): BuilderForm {
  let f = empty;
  for (let i = 0; i < 3; i++) f = ok(addField(f, 'text', catalog, ctx));
  return f;
}

describe('addField', () => {
  it('adds a text field with the spec prefix and the counter starting at 1000', () => {
    const f = ok(addField(empty, 'text', catalog, ctx));
    expect(f.key).toBe('form_text_1000');
    expect(f.metadata[0]).toMatchObject({ key: 'form_text_1000', type: 'text', label: 'Nytt text', order: 0, validators: [] });
    expect(f.nextKey).toBe(1001);
  });

  it('adds a field of any registered type at the end of the list', () => {
    let f = ok(addField(empty, 'textarea', catalog, ctx));
    f = ok(addField(f, 'imageBase64', catalog, ctx));
    expect(keys(f)).toEqual(['form_textarea_1000', 'form_imageBase64_1001']);
  });

  it('adds a field right after a given field', () => {
    const f = ok(addField(threeTexts(), 'email', catalog, ctx, 'form_text_1000'));
    expect(keys(f)).toEqual(['form_text_1000', 'form_email_1003', 'form_text_1001', 'form_text_1002']);
  });

  it('refuses a type the catalogue does not know', () => {
    const r = addField(empty, 'nope', catalog, ctx);
    expect(r).toMatchObject({ ok: false, code: 'unknownType' });
  });

  it('starts a checkbox group with one option that is its child, not a top-level field', () => {
    const f = ok(addField(empty, 'group', catalog, ctx));
    expect(keys(f)).toEqual(['form_group_1000']);
    expect(childrenOf(f, 'form_group_1000').map((p) => [p.key, p.type, p.label])).toEqual([['form_checkbox_1001', 'checkbox', 'Alternativ 1']]);
    expect(f.metadata.find((p) => p.key === 'form_group_1000')?.data).toEqual(['form_checkbox_1001']);
  });

  it('starts a summer-period group with a period of the given day', () => {
    const f = ok(addField(empty, 'periodGroup', catalog, ctx));
    expect(childrenOf(f, f.key)[0]).toMatchObject({ type: 'periodCheckbox', data: { startDate: '2026-06-01', endDate: '2026-06-01' } });
  });

  it('refuses a sixth merit group with the spec message and changes nothing', () => {
    let f = empty;
    for (let i = 0; i < 5; i++) f = ok(addField(f, 'group', catalog, ctx));
    expect(countMeritGroups(f)).toBe(5);
    const r = addField(f, 'group', catalog, ctx);
    expect(r).toEqual({ ok: false, code: 'maxMeritGroups', message: 'Du kan inte skapa fler än 5 meritgrupper.' });
  });

  it('does not count the spec standard groups such as driverlicenseform as merit groups', () => {
    const f = fromMetadata([{ key: 'driverlicenseform', type: 'group', label: 'Körkort', data: [] }], catalog);
    expect(countMeritGroups(f)).toBe(0);
  });
});

describe('addChild', () => {
  it('adds options to the end of a checkbox group', () => {
    let f = ok(addField(empty, 'group', catalog, ctx));
    f = ok(addChild(f, 'form_group_1000', catalog, ctx));
    f = ok(addChild(f, 'form_group_1000', catalog, ctx));
    expect(childrenOf(f, 'form_group_1000').map((p) => p.label)).toEqual(['Alternativ 1', 'Alternativ 2', 'Alternativ 3']);
    expect(f.metadata.map((p) => p.order)).toEqual([0, 1, 2, 3]);
  });

  it('adds radio children to a radio group', () => {
    const f = ok(addChild(ok(addField(empty, 'radioGroup', catalog, ctx)), 'form_radioGroup_1000', catalog, ctx));
    expect(childrenOf(f, 'form_radioGroup_1000').map((p) => p.type)).toEqual(['radio', 'radio']);
  });

  it('refuses to add a child to a field that is not a group', () => {
    expect(addChild(threeTexts(), 'form_text_1000', catalog, ctx)).toMatchObject({ ok: false, code: 'notAGroup' });
    expect(addChild(threeTexts(), 'missing', catalog, ctx)).toMatchObject({ ok: false, code: 'unknownKey' });
  });
});

describe('moveField', () => {
  it('moves a field down to where another field is', () => {
    const f = moveField(threeTexts(), 'form_text_1000', 'form_text_1002', catalog);
    expect(keys(f)).toEqual(['form_text_1001', 'form_text_1002', 'form_text_1000']);
    expect(f.metadata.map((p) => p.order)).toEqual([0, 1, 2]);
  });

  it('moves a field up to where another field is', () => {
    expect(keys(moveField(threeTexts(), 'form_text_1002', 'form_text_1000', catalog))).toEqual(['form_text_1002', 'form_text_1000', 'form_text_1001']);
  });

  it('moves a group together with its children', () => {
    let f: BuilderForm = ok(addField(threeTexts(), 'group', catalog, ctx));
    f = moveField(f, 'form_group_1003', 'form_text_1000', catalog);
    expect(f.metadata.map((p) => p.key)).toEqual(['form_group_1003', 'form_checkbox_1004', 'form_text_1000', 'form_text_1001', 'form_text_1002']);
  });

  it('reorders the children inside their group', () => {
    let f: BuilderForm = ok(addField(empty, 'group', catalog, ctx));
    f = ok(addChild(f, 'form_group_1000', catalog, ctx));
    f = ok(addChild(f, 'form_group_1000', catalog, ctx));
    f = moveField(f, 'form_checkbox_1003', 'form_checkbox_1001', catalog);
    expect(f.metadata.find((p) => p.key === 'form_group_1000')?.data).toEqual(['form_checkbox_1003', 'form_checkbox_1001', 'form_checkbox_1002']);
    expect(f.metadata.map((p) => p.key)).toEqual(['form_group_1000', 'form_checkbox_1003', 'form_checkbox_1001', 'form_checkbox_1002']);
  });

  it('returns the same form when the keys are in different lists or unknown', () => {
    const f = ok(addField(threeTexts(), 'group', catalog, ctx));
    expect(moveField(f, 'form_checkbox_1004', 'form_text_1000', catalog)).toBe(f);
    expect(moveField(f, 'form_text_1000', 'nope', catalog)).toBe(f);
    expect(moveField(f, 'form_text_1000', 'form_text_1000', catalog)).toBe(f);
  });

  it('steps a field up or down and stops at the ends', () => {
    const f = threeTexts();
    expect(keys(moveBy(f, 'form_text_1001', -1, catalog))).toEqual(['form_text_1001', 'form_text_1000', 'form_text_1002']);
    expect(moveBy(f, 'form_text_1000', -1, catalog)).toBe(f);
  });

  it('does not change the form it was given', () => {
    const f = threeTexts();
    const copy = JSON.parse(JSON.stringify(f));
    moveField(f, 'form_text_1000', 'form_text_1002', catalog);
    expect(f).toEqual(copy);
  });
});

describe('removeField', () => {
  it('removes a field and never hands its key out again', () => {
    const r = removeField(threeTexts(), 'form_text_1002', catalog);
    expect(r.removed).toEqual(['form_text_1002']);
    expect(r.wasGroup).toBe(false);
    expect(ok(addField(r.form, 'text', catalog, ctx)).key).toBe('form_text_1003');
  });

  it('removes a group with all its children', () => {
    const f = ok(addChild(ok(addField(threeTexts(), 'group', catalog, ctx)), 'form_group_1003', catalog, ctx));
    const r = removeField(f, 'form_group_1003', catalog);
    expect(r.wasGroup).toBe(true);
    expect(r.removed.sort()).toEqual(['form_checkbox_1004', 'form_checkbox_1005', 'form_group_1003']);
    expect(r.form.metadata.map((p) => p.key)).toEqual(['form_text_1000', 'form_text_1001', 'form_text_1002']);
  });

  it('removes a child from its group list', () => {
    const f = ok(addChild(ok(addField(empty, 'group', catalog, ctx)), 'form_group_1000', catalog, ctx));
    const r = removeField(f, 'form_checkbox_1001', catalog);
    expect(r.form.metadata.find((p) => p.key === 'form_group_1000')?.data).toEqual(['form_checkbox_1002']);
  });

  it('returns the same form for an unknown key', () => {
    const f = threeTexts();
    expect(removeField(f, 'nope', catalog).form).toBe(f);
  });
});

describe('updateField and setValidator', () => {
  it('changes a label and leaves the type alone', () => {
    const f = updateField(threeTexts(), 'form_text_1000', { label: 'Körkort', type: 'email' }, catalog);
    expect(f.metadata[0]).toMatchObject({ label: 'Körkort', type: 'text' });
  });

  it('returns the same form when nothing changes', () => {
    const f = threeTexts();
    expect(updateField(f, 'form_text_1000', { label: 'Nytt text' }, catalog)).toBe(f);
  });

  it('renames a child key inside its group list too', () => {
    const f = updateField(ok(addField(empty, 'group', catalog, ctx)), 'form_checkbox_1001', { key: 'merit_b' }, catalog);
    expect(f.metadata.map((p) => p.key)).toEqual(['form_group_1000', 'merit_b']);
    expect(f.metadata[0]?.data).toEqual(['merit_b']);
  });

  it('does not let an edit replace a group child list', () => {
    const f = updateField(ok(addField(empty, 'group', catalog, ctx)), 'form_group_1000', { data: [] }, catalog);
    expect(f.metadata[0]?.data).toEqual(['form_checkbox_1001']);
  });

  it('turns a validator on, replaces its data and turning it off removes it', () => {
    let f = setValidator(threeTexts(), 'form_text_1000', 'allowedYears', '2006,2007', catalog);
    expect(f.metadata[0]?.validators).toEqual([{ name: 'allowedYears', data: '2006,2007' }]);
    f = setValidator(f, 'form_text_1000', 'allowedYears', '2008', catalog);
    expect(f.metadata[0]?.validators).toEqual([{ name: 'allowedYears', data: '2008' }]);
    f = setValidator(f, 'form_text_1000', 'allowedYears', undefined, catalog);
    expect(f.metadata[0]?.validators).toEqual([]);
  });

  it('keeps the other validators when one is toggled', () => {
    const f0 = fromMetadata([{ key: 'form_ssn', type: 'text', label: 'Personnummer', validators: [{ name: 'ssnValidSwe' }] }], catalog);
    const f = setValidator(f0, 'form_ssn', 'allowedYears', '2006', catalog);
    expect(f.metadata[0]?.validators?.map((v) => v.name)).toEqual(['ssnValidSwe', 'allowedYears']);
    expect(setValidator(f0, 'form_ssn', 'allowedYears', undefined, catalog)).toBe(f0);
  });
});
