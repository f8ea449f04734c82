/**
 * The ids of the widgets a field type may name in `widget`: the ones widgets/index.ts
 * registers, plus `radio` and `step`, drawn by their parent (a radio group) and by the apply
 * page's steps. The registry refuses a field type naming any other (the server does not load
 * the React widgets to ask them); tests/unit/engine/new-field-type.test.tsx keeps this list and
 * widgets/index.ts alike. A new widget: add it there and here.
 */
export const WIDGET_IDS: readonly string[] = [
  'text',
  'textarea',
  'email',
  'textWithHelpLink',
  'checkbox',
  'checkboxGroup',
  'radioGroup',
  'periodGroup',
  'periodCheckbox',
  'file',
  'imageBase64',
  'radio',
  'step',
];
