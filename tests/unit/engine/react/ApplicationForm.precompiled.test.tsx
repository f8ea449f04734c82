import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApplicationForm, FormEngineProvider } from '../../../../engine/react';
import { compileTemplate, defaultRegistry } from '../../../../engine/index';
import { createStandaloneCompiler } from '../../../../engine/standalone';
import type { PrecompiledForm } from '../../../../engine/precompiled';
import template from '../../../../schemas/templates/default-application.json' with { type: 'json' };
import type { FormTemplate } from '../../../../engine/types';
import { publicFormEngine } from '../../../../widgets/precompiled';
import { describedText } from './render';

/*
 * The public apply page's form: compiled on the server, rendered here from its schema and
 * uiSchema and judged by the precompiled validator module, on an engine without a compiler.
 */

const form = template as FormTemplate;
const moduleUrl = (code: string) => `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;

function precompiled(validator?: string): PrecompiledForm {
  const compiled = compileTemplate(form);
  const { code } = createStandaloneCompiler(defaultRegistry()).moduleFor(compiled.schema);
  return { schema: compiled.schema, uiSchema: compiled.uiSchema, validator: validator ?? moduleUrl(code) };
}

function renderPrecompiled(pre: PrecompiledForm, onSubmit = vi.fn()) {
  const user = userEvent.setup({ delay: null });
  render(
    <FormEngineProvider engine={publicFormEngine()}>
      <ApplicationForm precompiled={pre} mode="entry" onSubmit={onSubmit} />
    </FormEngineProvider>,
  );
  return { user, onSubmit };
}

const submit = () => screen.getByRole('button', { name: 'Skicka ansökan' });

describe('ApplicationForm with a precompiled form', { timeout: 20_000 }, () => {
  it('shows the server verdict’s Swedish messages at the fields and does not submit', async () => {
    const { user, onSubmit } = renderPrecompiled(precompiled());
    await user.type(screen.getByLabelText(/Personnummer/), '199001011230');
    await user.click(submit());
    const ssn = screen.getByLabelText(/Personnummer/);
    await waitFor(() => expect(ssn.getAttribute('aria-invalid')).toBe('true'));
    const expected = compileTemplate(form).validate({ form_ssn: '199001011230' }).errors.find((e) => e.key === 'form_ssn');
    expect(describedText(ssn)).toContain(expected?.message);
    expect(describedText(screen.getByLabelText(/tjänsteleverantörens allmänna villkor/))).toContain('Du måste godkänna villkoren');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid answers once the validator has judged them', async () => {
    const { user, onSubmit } = renderPrecompiled(precompiled());
    for (const [label, text] of [[/Förnamn/, 'Anna'], [/Efternamn/, 'Svensson'], [/Personnummer/, '199001011239'], [/Adress/, 'Storgatan 1'],
      [/Postnummer/, '11122'], [/^Ort/, 'Stockholm'], [/Mobiltelefon/, '0701234567'], [/E-post/, 'anna@example.se']] as const) {
      await user.type(screen.getByLabelText(label), text);
    }
    await user.click(screen.getByLabelText(/tjänsteleverantörens allmänna villkor/));
    await user.click(screen.getByLabelText(/företagets allmänna villkor/));
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ form_firstname: 'Anna', form_ssn: '199001011239', form_agreement: true });
  });

  it('shows the error state when the validator cannot load and never submits', async () => {
    const broken = moduleUrl('throw new Error("nej");');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, onSubmit } = renderPrecompiled(precompiled(broken));
    await screen.findByText('Något gick fel, vänligen försök igen');
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeTruthy();
    await user.type(screen.getByLabelText(/Förnamn/), 'Anna');
    await user.click(submit());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
