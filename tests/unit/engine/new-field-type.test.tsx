import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createCompiler } from '../../../engine/index';
import { loadRegistry } from '../../../engine/load-catalogue';
import { ApplicationForm } from '../../../engine/react';
import { createFormEngine, FormEngineProvider } from '../../../engine/react/FormEngineProvider';
import type { CompileFn } from '../../../engine/react/contract';
import { builtInWidgets } from '../../../widgets';
import { FormBuilder } from '../../../engine/react/builder';
import { WIDGET_IDS } from '../../../engine/widget-ids';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { copyCatalogueWith, newsletterType, orgnrType, phoneForm, writeTempCatalogue } from './new-field-type';

vi.setConfig({ testTimeout: 20_000 });

const dir = writeTempCatalogue();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const compiler = createCompiler(loadRegistry([join(process.cwd(), 'schemas'), dir]));
const engine = createFormEngine({ compile: compiler.compileTemplate as unknown as CompileFn, widgets: builtInWidgets });

describe('a new field type added only as a schema file, rendered', () => {
  it('renders with an existing widget, submits valid answers and shows its errors', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(
      <FormEngineProvider engine={engine}>
        <ApplicationForm form={phoneForm} onSubmit={onSubmit} />
      </FormEngineProvider>,
    );
    const phone = screen.getByLabelText(/^Telefon/) as HTMLInputElement;
    await user.type(screen.getByLabelText(/^Namn/), 'Anna');
    await user.type(phone, 'ring mig');
    await user.click(screen.getByRole('button', { name: 'Skicka ansökan' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('Värdet har fel format');

    await user.clear(phone);
    await user.type(phone, '070-123 45 67');
    await user.click(screen.getByRole('button', { name: 'Skicka ansökan' }));
    expect(onSubmit).toHaveBeenCalledWith({ form_name: 'Anna', form_phone_1000: '070-123 45 67' });
  });
});

describe('two field types added as files to a copy of the catalogue (issue 25)', () => {
  const copy = copyCatalogueWith({ newsletter: newsletterType, orgnr: orgnrType });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  const registry = loadRegistry(copy);
  const extended = createFormEngine({ compile: createCompiler(registry).compileTemplate as unknown as CompileFn, fieldTypes: registry, widgets: builtInWidgets });
  const form = {
    key: 'two-types',
    version: 1,
    metadata: [
      { key: 'form_newsletter_1000', type: 'newsletter', label: 'Nyhetsbrev', required: false },
      { key: 'form_orgnr_1000', type: 'orgnr', label: 'Organisationsnummer', required: true },
    ],
  };

  it('offers both in the builder palette, with the other types', async () => {
    const user = userEvent.setup({ delay: null });
    const changes: unknown[] = [];
    render(
      <FormEngineProvider engine={extended}>
        <FormBuilder initial={{ metadata: [] }} today="2026-06-01" preview={false} notify={vi.fn()} onChange={(f) => changes.push(f)} />
      </FormEngineProvider>,
    );
    const palette = screen.getByLabelText('Fälttyp') as HTMLSelectElement;
    const offered = [...palette.options].map((o) => o.textContent);
    expect(offered).toEqual(expect.arrayContaining(['Nyhetsbrev', 'Organisationsnummer', 'Kryssruta', 'Textfält']));
    await user.selectOptions(palette, 'orgnr');
    await user.click(screen.getByRole('button', { name: sv.builder.addField }));
    expect(JSON.stringify(changes.at(-1))).toContain('"type":"orgnr"');
  });

  it('draws them on the apply page with the checkbox and text widgets, judged with Swedish messages', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(
      <FormEngineProvider engine={extended}>
        <ApplicationForm form={form} onSubmit={onSubmit} />
      </FormEngineProvider>,
    );
    const box = screen.getByRole('checkbox', { name: /Nyhetsbrev/ });
    const orgnr = screen.getByLabelText(/^Organisationsnummer/) as HTMLInputElement;
    await user.type(orgnr, '5566');
    await user.click(screen.getByRole('button', { name: 'Skicka ansökan' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('Värdet har fel format');
    await user.clear(orgnr);
    await user.type(orgnr, '556677-8899');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Skicka ansökan' }));
    expect(onSubmit).toHaveBeenCalledWith({ form_newsletter_1000: true, form_orgnr_1000: '556677-8899' });
  });
});

describe('the widget ids the registry accepts', () => {
  it('are the ids widgets/index.ts registers, plus radio and step drawn by their parents', () => {
    expect([...WIDGET_IDS].sort()).toEqual([...builtInWidgets.map((w) => w.id), 'radio', 'step'].sort());
  });
});
