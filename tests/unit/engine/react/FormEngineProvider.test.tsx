import { describe, expect, it, vi } from 'vitest';
import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import {
  ApplicationForm,
  createFormEngine,
  defaultFormEngine,
  FormEngineProvider,
  useFormEngine,
  useWidget,
  withWidgets,
  type FieldWidgetDefinition,
} from '../../../../engine/react';
import { compileTemplate } from '../../../../engine/index';
import { builtInWidgets } from '../../../../widgets';
import type { FormTemplate } from '../../../../engine/types';

const oneText: FormTemplate = { metadata: [{ key: 'form_city', type: 'text', label: 'Ort', validators: [] }] };

describe('FormEngineProvider', () => {
  it('throws a clear error when its hooks are used outside it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useFormEngine())).toThrow('useFormEngine must be used inside <FormEngineProvider>');
    expect(() => renderHook(() => useWidget('text', 'form_city'))).toThrow('useWidget must be used inside <FormEngineProvider>');
  });

  it('hands its engine to the hooks inside it', () => {
    const engine = defaultFormEngine();
    const wrapper = ({ children }: { children: ReactNode }) => <FormEngineProvider engine={engine}>{children}</FormEngineProvider>;
    expect(renderHook(() => useFormEngine(), { wrapper }).result.current).toBe(engine);
    expect(renderHook(() => useWidget('radioGroup', 'k'), { wrapper }).result.current.id).toBe('radioGroup');
  });

  it('names the widget and the field when a widget is not registered', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <FormEngineProvider engine={defaultFormEngine()}>{children}</FormEngineProvider>;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useWidget('stars', 'form_rating'), { wrapper })).toThrow("No widget 'stars' is registered (field 'form_rating')");
  });

  it('refuses a widget id registered twice', () => {
    expect(() => createFormEngine({ compile: compileTemplate, widgets: [...builtInWidgets, builtInWidgets[0]!] })).toThrow("widget 'text' is registered twice");
  });

  it('renders a field with a widget registered through the provider', async () => {
    const shouting: FieldWidgetDefinition<string> = {
      id: 'text',
      kind: 'field',
      chrome: 'label',
      Entry: ({ id, value, onChange }) => (
        <input id={id} className="shouting" value={value ?? ''} onChange={(e) => onChange(e.target.value.toUpperCase())} />
      ),
    };
    const onChange = vi.fn();
    render(
      <FormEngineProvider engine={withWidgets(defaultFormEngine(), [shouting])}>
        <ApplicationForm form={oneText} onChange={onChange} />
      </FormEngineProvider>,
    );
    await userEvent.setup({ delay: null }).type(screen.getByLabelText('Ort'), 'lund');
    expect(onChange).toHaveBeenLastCalledWith({ form_city: 'LUND' });
    expect(screen.getByLabelText('Ort').classList.contains('shouting')).toBe(true);
  });

  it('shows applicants only a Swedish message when the form does not compile, and logs the detail', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<ApplicationForm form={{ metadata: [{ key: 'form_x', type: 'stars', label: 'Betyg' }] }} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Formuläret kunde inte visas.');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('could not be compiled'), expect.stringContaining('form_x'));
  });
});
