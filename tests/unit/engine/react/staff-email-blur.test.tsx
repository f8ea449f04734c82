import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApplicationForm } from '../../../../engine/react';
import { addField, builderCatalog, type BuilderForm } from '../../../../engine/builder';
import { defaultRegistry } from '../../../../engine';
import { describedText } from './render';

/** Issue 17: an E-post field staff add in the builder (no validator attached) checks the address on blur like the default form's. */
describe('a staff-added E-post field', () => {
  it('says the address is invalid when the applicant leaves the field, and autofills as e-mail', async () => {
    const catalog = builderCatalog(defaultRegistry().fieldTypes);
    const empty: BuilderForm = { metadata: [], nextKey: 1000 };
    const r = addField(empty, 'email', catalog, { today: '2026-11-26' });
    if (!r.ok) throw new Error(r.message);
    expect(r.form.metadata[0]!.validators).toEqual([]);
    const user = userEvent.setup({ delay: null });
    render(<ApplicationForm form={{ metadata: r.form.metadata }} />);
    const input = screen.getByLabelText(/^E-post/);
    expect(input.getAttribute('autocomplete')).toBe('email');
    await user.type(input, 'inte-en-adress');
    await user.tab();
    expect(describedText(input)).toBe('Email är inte giltigt format');
    await user.clear(input);
    await user.type(input, 'namn@exempel.se');
    await user.tab();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });
});
