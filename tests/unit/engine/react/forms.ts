import type { FormTemplate, MetadataProperty } from '../../../../engine/types';

const p = (prop: Partial<MetadataProperty> & Pick<MetadataProperty, 'key' | 'type'>): MetadataProperty => ({
  label: '',
  placeholder: '',
  required: false,
  isHtml: false,
  data: null,
  validators: [],
  ...prop,
});

/** A form with every field type of the catalogue, for the widget and display-mode tests. */
export const everyType: FormTemplate = {
  key: 'react-every-type',
  version: 1,
  metadata: [
    p({ key: 'form_name', type: 'text', label: 'Namn', required: true, validators: [{ name: 'minLength', data: 2 }] }),
    p({ key: 'form_short', type: 'text', label: 'Kort text', data: { maxLength: 12 } }),
    p({ key: 'form_about', type: 'textarea', label: 'Om dig' }),
    p({ key: 'form_mail', type: 'email', label: 'E-postadress', validators: [{ name: 'validEmail', data: null }] }),
    p({ key: 'form_help', type: 'textWithHelpLink', label: 'Körkortsnummer', data: { link: 'https://example.se/hjalp', linkText: 'Var hittar jag numret?' } }),
    p({ key: 'form_consent', type: 'checkbox', label: 'Jag godkänner <a href="https://example.se/villkor" target="_blank">villkoren</a><img src=x onerror="window.__pwned=1">', isHtml: true, required: true, validators: [{ name: 'approved', data: null }] }),
    p({ key: 'form_areas', type: 'group', label: 'Verksamheter', data: ['form_area_1', 'form_area_2'], validators: [{ name: 'minSelectedInGroup', data: 1 }] }),
    p({ key: 'form_area_1', type: 'checkbox', label: 'Butik' }),
    p({ key: 'form_area_2', type: 'checkbox', label: 'Lager' }),
    p({ key: 'form_shift', type: 'radioGroup', label: 'Arbetstid', data: ['form_shift_1', 'form_shift_2'], validators: [{ name: 'radioRequired', data: null }] }),
    p({ key: 'form_shift_1', type: 'radio', label: 'Dag' }),
    p({ key: 'form_shift_2', type: 'radio', label: 'Kväll' }),
    p({ key: 'form_periods', type: 'periodGroup', label: 'Perioder', data: ['form_period_1', 'form_period_2'] }),
    p({ key: 'form_period_1', type: 'periodCheckbox', label: 'Period 1', data: { startDate: '2026-06-15', endDate: '2026-07-05' } }),
    p({ key: 'form_period_2', type: 'periodCheckbox', label: 'Period 2', data: { startDate: '2026-07-06', endDate: '2026-08-09' } }),
    p({ key: 'form_cv', type: 'file', label: 'CV' }),
    p({ key: 'form_photo', type: 'imageBase64', label: 'Foto', data: { minWidth: 100, minHeight: 100, maxWidth: 2000, maxHeight: 2000 } }),
    p({ key: 'form_nolabel', type: 'text', label: '' }),
  ],
};
