import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, RouterProvider } from 'react-aria-components';
import { useHref, useNavigate, type NavigateOptions } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { useDeferredMenu, type FirstUse } from '../shared/deferred';

const t = sv.shell.userMenu;

/** The menu's links, in order ('Logga ut' follows them). */
const LINKS = [
  { id: 'profile', href: '/admin/profile', label: t.profile },
  { id: 'password', href: '/admin/change-password', label: t.changePassword },
  { id: 'security', href: '/admin/account/security', label: t.security },
  { id: 'calendar', href: '/admin/account/calendar', label: t.calendar },
  { id: 'sessions', href: '/admin/sessions', label: t.sessions },
];

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/**
 * The user menu's react-aria part (loaded when the menu is first used, UserMenu.tsx): a real menu
 * (arrows, Home/End, type-ahead, Escape) whose links navigate through react-router (the
 * RouterProvider is here, the one react-aria part with links). `children` is the button's face.
 */
export default function UserMenuAria({ label, onLogout, first, children }: { label: string; onLogout(): void; first?: FirstUse; children: ReactNode }) {
  const navigate = useNavigate();
  const menu = useDeferredMenu(first);
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      <MenuTrigger {...menu.trigger}>
        <Button ref={menu.button} className="sh-icon-button sh-avatar" aria-label={label}>
          {children}
        </Button>
        <Popover placement="bottom end" className="sh-popover sh-menu-popover" offset={6}>
          <Menu className="sh-menu" autoFocus={menu.autoFocus} onAction={(key) => key === 'logout' && onLogout()}>
            {LINKS.map((l) => (
              <MenuItem key={l.id} id={l.id} href={l.href} className="sh-menu-item">
                {l.label}
              </MenuItem>
            ))}
            <MenuItem id="logout" className="sh-menu-item">
              {t.logout}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </RouterProvider>
  );
}
