import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { DeferredTrigger, deferredPart } from '../shared/deferred';
import { useNotifications } from './useNotifications';

const t = sv.shell.bell;

// The popover (react-aria-components) loads when the bell is first pointed at, focused or pressed.
const popover = deferredPart('BellPopover', async () => (await import('./BellPopover')).default);

function BellIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

/**
 * The notification bell (docs/contracts.md "Admin shell"): 'Notifikationer, N olästa', a popover
 * list named 'Notifikationer' (BellPopover.tsx). The count is live from the first page; the
 * popover's code loads when the bell is first used.
 */
export function Bell() {
  const state = useNotifications();
  return (
    <DeferredTrigger part={popover} props={{ state }} button={{ className: 'sh-icon-button sh-bell', 'aria-label': fill(t.button, { n: String(state.unread) }), 'aria-haspopup': 'dialog' }}>
      <BellIcon />
      {state.unread > 0 && (
        <span className="sh-badge" aria-hidden="true">
          {state.unread > 99 ? '99+' : state.unread}
        </span>
      )}
    </DeferredTrigger>
  );
}
