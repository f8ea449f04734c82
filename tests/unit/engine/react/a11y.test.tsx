import { describe, expect, it } from 'vitest';
import axe from 'axe-core';
import { renderForm } from './render';
import { screen } from '@testing-library/react';

async function violations(root: Element) {
  // jsdom does not lay out or paint, so contrast cannot be judged here (the e2e run in Chromium does).
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility of the rendered form (axe-core)', { timeout: 60_000 }, () => {
  it('finds no violations in entry mode, also while errors are shown', async () => {
    const { container, user } = renderForm();
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Skicka ansökan' }));
    expect(await violations(container)).toEqual([]);
  });

  it('finds no violations in view mode', async () => {
    const { container } = renderForm({ mode: 'view', answers: { form_name: 'Anna', form_area_1: true } });
    expect(await violations(container)).toEqual([]);
  });

  it('finds no violations in edit mode', async () => {
    const { container } = renderForm({ mode: 'edit' });
    expect(await violations(container)).toEqual([]);
  });
});
