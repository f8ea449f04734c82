import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { installRowGeometry, renderBuilder, texts } from './helpers';

let restore: () => void;
beforeEach(() => {
  restore = installRowGeometry();
});
afterEach(() => restore());

const topKeys = (form: { metadata: { key: string; order?: number }[] }) => form.metadata.map((p) => p.key);

/** dnd-kit's keyboard sensor starts listening one task after the drag starts. */
async function key(el: HTMLElement, code: string) {
  await act(async () => {
    fireEvent.keyDown(el, { code, key: code === 'Space' ? ' ' : code });
    await new Promise((r) => setTimeout(r, 0));
  });
}

function addField(typeTitle: string) {
  fireEvent.change(screen.getByLabelText('Fälttyp'), { target: { value: typeTitle } });
  fireEvent.click(screen.getByRole('button', { name: 'Lägg till fält' }));
}

describe('FormBuilder', () => {
  it('shows the spec empty text and help text for a form without fields', () => {
    renderBuilder();
    expect(screen.getByText('Här var det tomt. Lägg till minst ett fält för att kunna redigera det.')).toBeTruthy();
    expect(screen.getByText('Här kan du redigera och ta bort fält i formuläret. Ta tag i ett fält för att flytta det.')).toBeTruthy();
  });

  it('gives the list and each field the accessible names of the contract', () => {
    renderBuilder(texts('Förnamn', 'Efternamn'));
    const list = screen.getByRole('list', { name: 'Formulärfält' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Flytta Förnamn' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Redigera Förnamn' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ta bort Efternamn' })).toBeTruthy();
  });

  it('adds a field of a registered type with a form_text_ key from 1000 and opens its editor', () => {
    const { latest } = renderBuilder();
    addField('text');
    expect(topKeys(latest())).toEqual(['form_text_1000']);
    expect(screen.getByRole('button', { name: 'Redigera Textfält' }).getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByLabelText(/^Rubrik\*?$/) as HTMLInputElement).value).toBe('Textfält');
  });

  it('offers every type that is not child-only in the add menu', () => {
    renderBuilder();
    const options = within(screen.getByLabelText('Fälttyp')).getAllByRole('option').map((o) => (o as HTMLOptionElement).value);
    expect(options).toEqual(expect.arrayContaining(['text', 'textarea', 'group', 'radioGroup', 'periodGroup', 'file']));
    expect(options).not.toContain('radio');
    expect(options).not.toContain('periodCheckbox');
  });

  it('moves a field down with the keyboard through the dnd-kit keyboard sensor', async () => {
    const { latest } = renderBuilder(texts('Ett', 'Två', 'Tre'));
    const handle = screen.getByRole('button', { name: 'Flytta Ett' });
    handle.focus();
    await key(handle, 'Space');
    await key(handle, 'ArrowDown');
    await key(handle, 'Space');
    expect(latest().metadata.map((p) => p.label)).toEqual(['Två', 'Ett', 'Tre']);
  });

  it('announces a keyboard drag in Swedish', async () => {
    renderBuilder(texts('Ett', 'Två'));
    const handle = screen.getByRole('button', { name: 'Flytta Ett' });
    handle.focus();
    await key(handle, 'Space');
    expect(document.body.textContent).toContain('Du har tagit tag i Ett. Det är på plats 1 av 2.');
    await key(handle, 'ArrowDown');
    expect(document.body.textContent).toContain('Ett har flyttats till plats 2 av 2.');
    await key(handle, 'Escape');
    expect(document.body.textContent).toContain('Flytten avbröts. Ett ligger kvar på plats 1 av 2.');
  });

  it('undoes and redoes with the buttons and with Ctrl+Z and Ctrl+Shift+Z', () => {
    const { latest } = renderBuilder(texts('Ett'));
    addField('textarea');
    expect(topKeys(latest())).toEqual(['form_text_1000', 'form_textarea_1001']);
    fireEvent.click(screen.getByRole('button', { name: 'Ångra' }));
    expect(topKeys(latest())).toEqual(['form_text_1000']);
    fireEvent.click(screen.getByRole('button', { name: 'Gör om' }));
    expect(topKeys(latest())).toEqual(['form_text_1000', 'form_textarea_1001']);
    const handle = screen.getByRole('button', { name: 'Flytta Ett' });
    fireEvent.keyDown(handle, { key: 'z', ctrlKey: true });
    expect(topKeys(latest())).toEqual(['form_text_1000']);
    fireEvent.keyDown(handle, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(topKeys(latest())).toEqual(['form_text_1000', 'form_textarea_1001']);
  });

  it('refuses a sixth merit group with the spec message', () => {
    const { latest, notify } = renderBuilder();
    for (let i = 0; i < 5; i++) addField('group');
    expect(latest().metadata.filter((p) => p.type === 'group')).toHaveLength(5);
    addField('group');
    expect(latest().metadata.filter((p) => p.type === 'group')).toHaveLength(5);
    expect(notify).toHaveBeenLastCalledWith('Du kan inte skapa fler än 5 meritgrupper.', 'error');
  });

  it('shows a group children inside it and adds more', () => {
    const { latest } = renderBuilder();
    addField('group');
    fireEvent.click(screen.getByRole('button', { name: 'Lägg till kryssruta i Kryssrutegrupp' }));
    const inner = screen.getByRole('list', { name: 'Alternativ i Kryssrutegrupp' });
    expect(within(inner).getAllByRole('listitem')).toHaveLength(2);
    expect(latest().metadata.find((p) => p.type === 'group')?.data).toEqual(['form_checkbox_1001', 'form_checkbox_1002']);
  });

  it('tells which was removed: a field or a group', () => {
    const { notify, latest } = renderBuilder(texts('Ett'));
    addField('group');
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort Ett' }));
    expect(notify).toHaveBeenLastCalledWith('Fältet har tagits bort');
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort Kryssrutegrupp' }));
    expect(notify).toHaveBeenLastCalledWith('Gruppen har tagits bort');
    expect(latest().metadata).toEqual([]);
  });
});
