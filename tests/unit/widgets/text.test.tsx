import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { describedText, renderForm } from '../engine/react/render';
import { autofillFor } from '../../../widgets/text/rules';
import { ApplicationForm, createFormEngine, FormEngineProvider } from '../../../engine/react';
import { builtInWidgets } from '../../../widgets';
import { compileTemplate } from '../../../engine/index';
import type { CompileFn } from '../../../engine/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { everyType } from '../engine/react/forms';
import { acceptPredicate, counterState, maxLengthOf } from '../../../widgets/text/rules';

describe('text rules', () => {
  it('takes the maximum from the answer schema before the field data', () => {
    expect(maxLengthOf({ maxLength: 50 }, { maxLength: 80 })).toBe(50);
    expect(maxLengthOf({}, { maxLength: 80 })).toBe(80);
    expect(maxLengthOf({}, null)).toBeUndefined();
  });

  it('counts characters, not UTF-16 units, for the counter', () => {
    expect(counterState('åäö😀', 5)).toEqual({ visible: true, exceeded: false, count: 4, max: 5 });
    expect(counterState('a', 20)?.visible).toBe(false);
    expect(counterState('a'.repeat(11), 20)?.visible).toBe(true);
  });

  it('accepts an empty value even when the pattern would not, and ignores a broken pattern', () => {
    const accept = acceptPredicate({ pattern: '^[0-9]+$' });
    expect(accept?.('')).toBe(true);
    expect(accept?.('12')).toBe(true);
    expect(accept?.('1a')).toBe(false);
    expect(acceptPredicate({ pattern: '([' })).toBeUndefined();
  });
});

describe('text input', () => {
  it('shows no counter while 10 or more characters remain', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Kort text'), 'ab');
    expect(document.querySelector('.blk-counter')).toBeNull();
  });

  it('shows the counter x/max once fewer than 10 characters remain', async () => {
    const { user } = renderForm();
    const input = screen.getByLabelText('Kort text');
    await user.type(input, 'abc');
    const counter = document.querySelector('.blk-counter');
    expect(counter?.textContent).toBe('3/12');
    expect(counter?.classList.contains('blk-counter-over')).toBe(false);
    expect(describedText(input)).toBe('3/12');
  });

  it('turns the counter red when the maximum is exceeded', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Kort text'), 'abcdefghijklm');
    const counter = document.querySelector('.blk-counter');
    expect(counter?.textContent).toBe('13/12 för många tecken');
    expect(counter?.classList.contains('blk-counter-over')).toBe(true);
  });

  it('reverts a change its accept predicate refuses', async () => {
    const user = userEvent.setup({ delay: null });
    const compile: CompileFn = (template, ctx) => {
      const compiled = compileTemplate(template, ctx);
      const ui = compiled.uiSchema as Record<string, { 'ui:options': Record<string, unknown> }>;
      const short = ui.form_short as { 'ui:options': Record<string, unknown> };
      const uiSchema = { ...compiled.uiSchema, form_short: { ...short, 'ui:options': { ...short['ui:options'], accept: (v: string) => /^\d*$/.test(v) } } };
      return { ...compiled, uiSchema } as unknown as ReturnType<CompileFn>;
    };
    const onChange = vi.fn();
    render(
      <FormEngineProvider engine={createFormEngine({ compile, widgets: builtInWidgets })}>
        <ApplicationForm form={everyType} onChange={onChange} />
      </FormEngineProvider>,
    );
    const input = screen.getByLabelText('Kort text') as HTMLInputElement;
    await user.type(input, '12a3');
    expect(input.value).toBe('123');
    expect(onChange).toHaveBeenLastCalledWith({ form_short: '123' });
  });

  it('removes the answer when the text is cleared', async () => {
    const onChange = vi.fn();
    const { user } = renderForm({ onChange, answers: { form_about: 'x' } });
    await user.clear(screen.getByLabelText('Om dig'));
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('renders an email field as an email input with autofill', () => {
    renderForm();
    // E-post is always required, so its label carries the mark.
    const mail = screen.getByLabelText(/^E-postadress/);
    expect(mail.getAttribute('type')).toBe('email');
    expect(mail.getAttribute('autocomplete')).toBe('email');
  });

  it('asks for the street line, not the whole address, in the address field (WCAG 1.3.5: one input, one line)', () => {
    expect(autofillFor('form_address')?.autoComplete).toBe('address-line1');
  });
});
