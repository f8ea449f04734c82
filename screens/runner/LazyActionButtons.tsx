import { lazy, Suspense, type ComponentProps } from 'react';
import { loadChunk } from '../chunks';
import type { ActionButtons as Buttons } from './ActionButtons';

const load = () => loadChunk('kind:actions', () => import('./ActionButtons'));
const Lazy = lazy(() => load().then((m) => ({ default: m.ActionButtons })));

/**
 * A form's or a page's action buttons, whose code (useRunAction: confirmations, dialog forms,
 * uploads, downloads) loads with the first screen that has actions, not with every form: the
 * session pages have none. Until it is here nothing shows in their place; an admin screen starts
 * loading it with its own code (Runner.tsx), so it is there before the screen's data.
 */
export function ActionButtons(props: ComponentProps<typeof Buttons>) {
  return (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}

/** Starts fetching the action buttons' code. */
export function preloadActionButtons(): void {
  void load().catch(() => undefined);
}
