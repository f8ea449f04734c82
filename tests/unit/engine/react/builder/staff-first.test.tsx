import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { MetadataProperty } from '../../../../../engine/types';
import { renderBuilder, texts } from './helpers';

/** Issue 26 item 7: the builder speaks to staff. */
const editorOf = (label: string) => {
  const id = screen.getByRole('button', { name: `Redigera ${label}` }).getAttribute('aria-controls');
  return document.getElementById(id as string) as HTMLElement;
};
const addField = (type: string) => {
  fireEvent.change(screen.getByLabelText('Fälttyp'), { target: { value: type } });
  fireEvent.click(screen.getByRole('button', { name: 'Lägg till fält' }));
};

describe('the field editor, staff first', () => {
  it('opens with what the applicant sees; the key and Rubriken innehåller HTML wait under Avancerat', () => {
    renderBuilder(texts('Ort'));
    fireEvent.click(screen.getByRole('button', { name: 'Redigera Ort' }));
    const editor = editorOf('Ort');
    const labels = Array.from(editor.querySelectorAll('label')).map((l) => l.textContent?.trim() ?? '');
    expect(labels[0]).toMatch(/^Rubrik/);
    const advanced = editor.querySelector('details.bld-advanced') as HTMLDetailsElement;
    expect(advanced.open).toBe(false);
    expect(within(advanced).getByText('Avancerat').tagName).toBe('SUMMARY');
    expect(within(advanced).getByLabelText('Nyckel')).toBeTruthy();
    expect(within(advanced).getByLabelText('Rubriken innehåller HTML')).toBeTruthy();
    // Nothing about the key or HTML outside it.
    const outside = labels.filter((l) => !advanced.contains(Array.from(editor.querySelectorAll('label')).find((x) => x.textContent?.trim() === l) ?? null));
    expect(outside.some((l) => /Nyckel|HTML/.test(l))).toBe(false);
  });

  it('labels every button with text or a tooltip, never a blank square', () => {
    renderBuilder();
    for (const type of ['text', 'radioGroup', 'group', 'periodGroup', 'file']) addField(type);
    fireEvent.click(screen.getByRole('button', { name: 'Redigera Textfält' }));
    fireEvent.click(within(editorOf('Textfält')).getByLabelText('Tillåtna födelseår'));
    const buttons = screen.getAllByRole('button');
    expect(buttons.length).toBeGreaterThan(10);
    for (const b of buttons) {
      const name = (b.textContent ?? '').trim() || b.getAttribute('aria-label') || b.getAttribute('title') || '';
      expect(name, b.outerHTML).not.toBe('');
    }
    // In the editors every button says what it does in visible text (RJSF's icon-font buttons were blank squares).
    for (const b of Array.from(document.querySelectorAll('.bld-editor button'))) expect((b.textContent ?? '').trim(), b.outerHTML).not.toBe('');
  });

  it('edits a group\'s options in one place: its rows, not a second list in its editor', () => {
    renderBuilder();
    addField('radioGroup');
    const editor = editorOf('Radioknappsgrupp');
    expect(within(editor).queryByText(/^Alternativ/)).toBeNull();
    expect(editor.querySelectorAll('input[id*="_options_"]')).toHaveLength(0);
    expect(screen.getByRole('list', { name: 'Alternativ i Radioknappsgrupp' })).toBeTruthy();
  });

  it('starts a new condition empty and asks for its field; nothing is stored until one is chosen', () => {
    const metadata: MetadataProperty[] = [
      { key: 'form_checkbox_1000', type: 'checkbox', label: 'Har körkort', validators: [] },
      { key: 'form_text_1001', type: 'text', label: 'Körkortsnummer', validators: [] },
    ];
    const { latest } = renderBuilder(metadata);
    fireEvent.click(screen.getByRole('button', { name: 'Redigera Körkortsnummer' }));
    const rule = within(editorOf('Körkortsnummer')).getByRole('group', { name: 'Visa fältet bara när ett annat fält har ett visst svar' });
    fireEvent.click(within(rule).getByLabelText('Visa fältet bara när ett annat fält har ett visst svar'));
    const field = within(rule).getByLabelText('Fält', { exact: true }) as HTMLSelectElement;
    expect(field.value).toBe('');
    expect(field.selectedOptions[0]?.textContent).toBe('Välj fält …');
    expect(latest()?.metadata.find((p) => p.key === 'form_text_1001')?.visibleWhen ?? null).toBeNull();
    fireEvent.change(field, { target: { value: 'form_checkbox_1000' } });
    expect(latest().metadata.find((p) => p.key === 'form_text_1001')?.visibleWhen).toEqual({ field: 'form_checkbox_1000', op: 'checked' });
  });

  it('gives step 1 a title when the first step is added after some fields', () => {
    const { latest } = renderBuilder(texts('Ort'));
    addField('step');
    expect(latest().metadata.map((p) => [p.type, p.label])).toEqual([['step', 'Om dig'], ['text', 'Ort'], ['step', 'Nytt steg']]);
  });
});
