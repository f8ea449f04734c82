import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { DeferredTrigger, deferredPart } from '../shared/deferred';
import { useSession } from '../runner/session/session';

const t = sv.shell.userMenu;

// The menu (react-aria-components) loads when the button is first pointed at, focused or pressed.
const menu = deferredPart('UserMenu', async () => (await import('./UserMenuAria')).default);

function initials(given: string, family: string, sub: string): string {
  const i = `${Array.from(given)[0] ?? ''}${Array.from(family)[0] ?? ''}`;
  return (i || Array.from(sub)[0] || '?').toUpperCase();
}

/**
 * The top-right menu (UserMenuAria.tsx): 'Profilinställningar', 'Byt lösenord', 'Tvåstegsverifiering',
 * 'Kalenderlänk', 'Inloggningar', 'Logga ut'. Its code loads when the button is first used.
 */
export function UserMenu({ onLogout }: { onLogout(): void }) {
  const { user } = useSession();
  const name = `${user?.given_name ?? ''} ${user?.family_name ?? ''}`.trim() || (user?.sub ?? '');
  const label = fill(t.button, { name });
  return (
    <DeferredTrigger part={menu} props={{ label, onLogout }} button={{ className: 'sh-icon-button sh-avatar', 'aria-label': label, 'aria-haspopup': 'true' }} menu>
      {/* The initials are drawn by CSS (not text), so the button's name is only its label. */}
      <span className="sh-avatar-mark" aria-hidden="true" data-initials={initials(user?.given_name ?? '', user?.family_name ?? '', user?.sub ?? '')} />
    </DeferredTrigger>
  );
}
