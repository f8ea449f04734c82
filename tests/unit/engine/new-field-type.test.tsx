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
import { phoneForm, writeTempCatalogue } from './new-field-type';

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
