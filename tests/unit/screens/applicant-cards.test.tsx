import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider } from '../../../screens/runner/session/session';
import { ToastProvider } from '../../../screens/shared/toast';
import { NotesCard } from '../../../screens/applicants/detail/Cards';
import type { ApplicantDetail } from '../../../screens/applicants/types';

afterEach(() => vi.unstubAllGlobals());

describe('a note on an application a colleague has just erased', () => {
  it('says the application no longer exists instead of a bare "Hittades inte"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'not_found', message: 'Hittades inte' } }), { status: 404 })),
    );
    const a = { id: 7, notes: [] } as unknown as ApplicantDetail;
    render(
      <MemoryRouter>
        <SessionProvider>
          <ToastProvider>
            <NotesCard a={a} canWrite onSaved={() => undefined} />
          </ToastProvider>
        </SessionProvider>
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Ny anteckning'), { target: { value: 'Ring upp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara anteckning' }));
    expect(await screen.findByText('Ansökan finns inte längre. Den kan ha tagits bort av någon annan.')).toBeTruthy();
    expect(screen.queryByText('Hittades inte')).toBeNull();
  });
});
