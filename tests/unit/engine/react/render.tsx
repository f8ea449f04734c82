import { vi } from 'vitest';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApplicationForm, type ApplicationFormProps } from '../../../../engine/react';
import { everyType } from './forms';

// user-event drives whole forms; on the shared 2-core machine that can pass vitest's 5 s default.
vi.setConfig({ testTimeout: 20_000 });

/** Renders the every-type form (or `form`) with a user-event session. */
export function renderForm(props: Partial<ApplicationFormProps> = {}) {
  const user = userEvent.setup({ delay: null });
  const view = render(<ApplicationForm form={everyType} {...props} />);
  return { user, ...view };
}

/** The text of the elements an element's aria-describedby points at. */
export function describedText(el: Element): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}
