import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppErrorBoundary } from '../../../../screens/AppErrorBoundary';
import { DeferredTrigger, deferredPart } from '../../../../screens/shared/deferred';

beforeEach(() => {
  // A reload happened a moment ago in this tab: the boundary shows its error instead of reloading again.
  sessionStorage.setItem('blankett-chunk-reload', String(Date.now()));
});

describe('a part that loads when first used', () => {
  it("shows the app's chunk error when its code fails to load on use, not on a mere hover", async () => {
    let tries = 0;
    const part = deferredPart<{ children: React.ReactNode }>('Meny', () => {
      tries++;
      return Promise.reject(new Error('offline'));
    });
    render(
      <AppErrorBoundary>
        <DeferredTrigger part={part} props={{}} button={{ className: 'bk-btn', 'aria-haspopup': 'true' }} menu>
          Meny
        </DeferredTrigger>
      </AppErrorBoundary>,
    );
    const user = userEvent.setup();
    await user.hover(screen.getByRole('button', { name: 'Meny' }));
    // The refused load settles within this task's microtasks.
    await new Promise((r) => setTimeout(r, 0));
    expect(tries).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Meny' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sidan kunde inte laddas');
    expect(alert.textContent).toContain('En del av sidan (Meny) kunde inte hämtas');
    expect(tries).toBe(2);
  });
});
