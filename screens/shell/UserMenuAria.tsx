import { useRef, useState, type ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, RouterProvider } from 'react-aria-components';
import { useHref, useNavigate, type NavigateOptions } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { useFirstUse, type FirstUse } from '../shared/deferred';

const t = sv.shell.userMenu;

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
  const [open, setOpen] = useState(false);
  // Opened by keyboard before the code arrived: the first item takes focus, as react-aria does.
  const [focusFirst, setFocusFirst] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useFirstUse(first, button, (how) => {
    setFocusFirst(how === 'keyboard');
    setOpen(true);
  });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setFocusFirst(false);
  };
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      <MenuTrigger isOpen={open} onOpenChange={onOpenChange}>
        <Button ref={button} className="sh-icon-button sh-avatar" aria-label={label}>
          {children}
        </Button>
        <Popover placement="bottom end" className="sh-popover sh-menu-popover" offset={6}>
          <Menu className="sh-menu" autoFocus={focusFirst ? 'first' : undefined} onAction={(key) => key === 'logout' && onLogout()}>
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
    </RouterProvider>
  );
}
