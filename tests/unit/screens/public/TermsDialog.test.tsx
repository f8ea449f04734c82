import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TermsButton } from '../../../../screens/public/TermsDialog';
import { publicContainer } from '../../../../server/domain/positions/public';
import type { ContainerDoc } from '../../../../server/domain/core/docs';

// As the public container answer has it: the server's one sanitiser ran on the terms
// (server/domain/public.ts); the public page renders them as they come.
const container = publicContainer({
  id: 1,
  name: 'demo',
  displayName: 'Demoföretaget AB',
  profile: { terms: '<p>Våra egna villkor.</p><img src=x onerror="window.hacked=1"><script>window.hacked=2</script>' },
} as unknown as ContainerDoc);

describe('TermsButton', () => {
  it('opens Allmänna villkor with the provider’s and the company’s terms, focus inside', async () => {
    const user = userEvent.setup();
    render(<TermsButton container={container} />);
    await user.click(screen.getByRole('button', { name: 'Allmänna villkor' }));
    const dialog = screen.getByRole('dialog', { name: 'Allmänna villkor' });
    expect(dialog.textContent).toContain('Villkor för rekryteringsportalen Blankett');
    expect(dialog.textContent).toContain('Villkor från Demoföretaget AB');
    expect(dialog.textContent).toContain('Våra egna villkor.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stäng' }));
  });

  it('shows the company’s terms without scripts or event handlers (the public answer’s are sanitised)', async () => {
    const user = userEvent.setup();
    render(<TermsButton container={container} />);
    await user.click(screen.getByRole('button', { name: 'Allmänna villkor' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(dialog.querySelector('script')).toBeNull();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<TermsButton container={container} />);
    const opener = screen.getByRole('button', { name: 'Allmänna villkor' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('says so when the company has no terms of its own', async () => {
    const user = userEvent.setup();
    render(<TermsButton container={{ id: 2, name: 'x', displayName: 'X AB' }} />);
    await user.click(screen.getByRole('button', { name: 'Allmänna villkor' }));
    expect(screen.getByRole('dialog').textContent).toContain('Arbetsgivaren har inga egna villkor');
  });
});
