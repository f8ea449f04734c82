import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sv from '../../../../schemas/messages/sv.json';
import { MemoryRouter } from 'react-router-dom';
import AccountMfa from '../../../../screens/account/AccountMfa.view';
import LoginSecondStep from '../../../../screens/account/LoginSecondStep.view';
import { SessionProvider } from '../../../../screens/runner/session/session';
import type { ScreenFile } from '../../../../screens/runner/types';

const t = sv.mfa;

/** A fake dispatcher: each action answers what `answer` gives (a status and body), or waits for the test. */
function serve(answer: (action: string | undefined) => Promise<{ status: number; body: unknown }>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const { action } = JSON.parse(String(init?.body)) as { action?: string };
      const { status, body } = await answer(action);
      return new Response(JSON.stringify(body), { status });
    }),
  );
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

const refused = (message: string) => ({ status: 409, body: { error: { code: 'conflict', message, details: [] } } });

describe('the account screens’ runner (useAttempt) on the second-factor page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the buttons focused but unavailable (aria-disabled) while a call runs, says the refusal, and clears it on the next try (the page and the TOTP enrolment)', async () => {
    const created = [deferred<{ status: number; body: unknown }>(), deferred<{ status: number; body: unknown }>()];
    let creates = 0;
    serve(async (action) => {
      if (action === 'get_mfa') return { status: 200, body: { data: { totp: false, recoveryCodesLeft: 0, required: false, passkeys: [] } } };
      if (action === 'create_totpEnrollment') return created[creates++]!.promise;
      if (action === 'update_totpEnrollment') return refused(t.codeWrong);
      throw new Error(action);
    });
    const user = userEvent.setup();
    render(<AccountMfa />);
    const add = await screen.findByRole('button', { name: t.addTotp });

    await user.click(add);
    // Unavailable while the call runs, yet focused still (a disabled button drops the focus), and a second click sends nothing.
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(add);
    await user.click(add);
    expect(creates).toBe(1);
    created[0]!.resolve(refused(t.lastFactor));
    expect((await screen.findByRole('alert')).textContent).toBe(t.lastFactor);
    expect(add.getAttribute('aria-disabled')).toBeNull();

    await user.click(add);
    expect(screen.queryByRole('alert')).toBeNull();
    created[1]!.resolve({ status: 200, body: { data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qr: 'data:image/svg+xml,<svg/>' } } });
    await user.type(await screen.findByLabelText(t.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: t.confirmTotp }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.codeWrong);
    await waitFor(() => expect(screen.getByRole('button', { name: t.confirmTotp }).getAttribute('aria-disabled')).toBeNull());
  });

  it('says the login’s refused code at the second step and clears it when the code kind changes', async () => {
    const held = deferred<{ status: number; body: unknown }>();
    let calls = 0;
    serve(() => (calls++, held.promise));
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <SessionProvider>
          <LoginSecondStep screen={{} as ScreenFile} props={{ answer: { ticket: 'ticket', mfa: ['totp'] }, back: () => undefined }} />
        </SessionProvider>
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText(t.codeLabel), '654321');
    const submit = screen.getByRole('button', { name: t.submit });
    await user.click(submit);
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(submit);
    // Enter in the code field while the first try runs submits nothing more.
    await user.type(screen.getByLabelText(t.codeLabel), '{Enter}');
    expect(calls).toBe(1);
    held.resolve(refused(t.codeWrong));
    expect((await screen.findByRole('alert')).textContent).toBe(t.codeWrong);
    expect(submit.getAttribute('aria-disabled')).toBeNull();
    await user.click(screen.getByRole('button', { name: t.useRecovery }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
