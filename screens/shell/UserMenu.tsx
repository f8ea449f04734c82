import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { useSession } from '../runner/session/session';

const t = sv.shell.userMenu;

function initials(given: string, family: string, sub: string): string {
  const i = `${Array.from(given)[0] ?? ''}${Array.from(family)[0] ?? ''}`;
  return (i || Array.from(sub)[0] || '?').toUpperCase();
}

/**
 * The top-right menu (a real menu from react-aria-components: arrows, Home/End, type-ahead,
 * Escape): 'Profilinställningar', 'Byt lösenord', 'Tvåstegsverifiering', 'Kalenderlänk', 'Inloggningar', 'Logga ut'. Links navigate through the
 * RouterProvider the shell sets up.
 */
export function UserMenu({ onLogout }: { onLogout(): void }) {
  const { user } = useSession();
  const name = `${user?.given_name ?? ''} ${user?.family_name ?? ''}`.trim() || (user?.sub ?? '');
  return (
    <MenuTrigger>
      <Button className="sh-icon-button sh-avatar" aria-label={fill(t.button, { name })}>
        {/* The initials are drawn by CSS (not text), so the button's name is only its label. */}
        <span className="sh-avatar-mark" aria-hidden="true" data-initials={initials(user?.given_name ?? '', user?.family_name ?? '', user?.sub ?? '')} />
      </Button>
      <Popover placement="bottom end" className="sh-popover sh-menu-popover" offset={6}>
        <Menu className="sh-menu" onAction={(key) => key === 'logout' && onLogout()}>
          <MenuItem id="profile" href="/admin/profile" className="sh-menu-item">
            {t.profile}
          </MenuItem>
          <MenuItem id="password" href="/admin/change-password" className="sh-menu-item">
            {t.changePassword}
          </MenuItem>
          <MenuItem id="security" href="/admin/account/security" className="sh-menu-item">
            {t.security}
          </MenuItem>
          <MenuItem id="calendar" href="/admin/account/calendar" className="sh-menu-item">
            {t.calendar}
          </MenuItem>
          <MenuItem id="sessions" href="/admin/sessions" className="sh-menu-item">
            {t.sessions}
          </MenuItem>
          <MenuItem id="logout" className="sh-menu-item">
            {t.logout}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
