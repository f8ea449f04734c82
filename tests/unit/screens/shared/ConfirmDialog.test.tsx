import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useConfirm } from '../../../../screens/shared/ConfirmDialog';
import { DialogFooter, DialogFrame } from '../../../../screens/shared/DialogFrame';
import { warmAdminChunks } from '../warm';

function Asker() {
  const { confirm, dialog } = useConfirm();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <button type="button" onClick={async () => setAnswer(String(await confirm({ message: 'Ta bort mallen?', confirmLabel: 'Ja, ta bort', danger: true })))}>
        Fråga
      </button>
      <output data-testid="answer">{answer}</output>
      {dialog}
    </>
  );
}

/** A dialog whose main button starts a call that has not ended: `saves` counts the presses that got through. */
function Saver({ saved }: { saved(): void }) {
  const [busy, setBusy] = useState(false);
  return (
    <DialogFrame isOpen title="Spara mallen" busy={busy} onClose={() => undefined}>
      <DialogFooter
        cancelLabel="Avbryt"
        onCancel={() => undefined}
        confirmLabel="Spara"
        busy={busy}
        onConfirm={() => {
          setBusy(true);
          saved();
        }}
      />
    </DialogFrame>
  );
}

beforeAll(warmAdminChunks, 60_000);

describe('useConfirm', () => {
  it('asks in an alert dialog with focus on the cancel button, and answers true on confirm', async () => {
    render(<Asker />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Fråga' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Bekräfta' });
    expect(dialog.textContent).toContain('Ta bort mallen?');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Avbryt'));
    await user.click(screen.getByRole('button', { name: 'Ja, ta bort' }));
    await waitFor(() => expect(screen.getByTestId('answer').textContent).toBe('true'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('answers false on Escape and gives focus back to the button that asked', async () => {
    render(<Asker />);
    const user = userEvent.setup();
    const ask = screen.getByRole('button', { name: 'Fråga' });
    await user.click(ask);
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('answer').textContent).toBe('false'));
    await waitFor(() => expect(document.activeElement).toBe(ask));
  });

  it("keeps the focus on the main button while its call runs, says it is unavailable, and lets no second press through", async () => {
    let saves = 0;
    render(<Saver saved={() => saves++} />);
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Spara' });
    save.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(save);
    await user.keyboard('{Enter}');
    await user.click(save);
    expect(saves).toBe(1);
    expect((screen.getByRole('button', { name: 'Avbryt' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
