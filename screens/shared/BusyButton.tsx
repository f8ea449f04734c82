import type { ComponentProps } from 'react';

/**
 * A button whose call is under way (`busy`): aria-disabled and aria-busy, not disabled, so the
 * focus of a keyboard user stays on it (a disabled button drops it to the page) and a screen
 * reader says it is unavailable; a click, or the Enter that submits its form, does nothing until
 * the call has ended. `disabled` stays for what is not a call (an empty note, no choice made).
 */
export function BusyButton({ busy, onClick, ...rest }: ComponentProps<'button'> & { busy: boolean }) {
  return (
    <button
      type="button"
      {...rest}
      aria-disabled={busy || rest['aria-disabled'] || undefined}
      aria-busy={busy || undefined}
      onClick={(e) => {
        if (busy) e.preventDefault();
        else onClick?.(e);
      }}
    />
  );
}
