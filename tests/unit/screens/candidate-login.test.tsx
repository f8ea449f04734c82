import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CandidateLogin } from '../../../screens/candidate/useCandidate';
import { fetchAnswering } from '../fetch';

afterEach(() => vi.unstubAllGlobals());

describe('the candidate registration form', () => {
  it('shows each of the server refusals at its own field', async () => {
    const details = [
      { path: '/email', message: 'Ange en giltig e-postadress' },
      { path: '/password', message: 'Lösenordet måste vara minst 10 tecken' },
      { path: '/confirmPassword', message: 'Lösenorden matchar inte' },
    ];
    fetchAnswering(400, { error: { code: 'invalid', message: details[0]!.message, details } });
    render(<CandidateLogin onToken={() => undefined} />);
    // The sign-in link is the way in shown first; a password account is one click away.
    fireEvent.click(screen.getByRole('button', { name: 'Använd lösenord i stället' }));
    fireEvent.click(screen.getByRole('button', { name: 'Jag har inget konto' }));
    fireEvent.click(screen.getByRole('button', { name: 'Skapa konto' }));
    const at = (label: string) => {
      const input = screen.getByLabelText(label);
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
      return ids.map((id) => document.getElementById(id)?.textContent).join(' | ');
    };
    expect(await screen.findByText('Lösenorden matchar inte')).toBeTruthy();
    expect(at('E-post')).toBe('Ange en giltig e-postadress');
    expect(at('Lösenord')).toBe('Lösenordet måste vara minst 10 tecken');
    expect(at('Upprepa lösenordet')).toBe('Minst 10 tecken. Inte din e-postadress eller ett vanligt lösenord. | Lösenorden matchar inte');
    expect(screen.getByLabelText('E-post').getAttribute('aria-invalid')).toBe('true');
  });
});
