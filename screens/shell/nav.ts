import { canOpen, type AccessRights } from '../runner/access';
import type { ScreenEntry } from '../runner/routeTable';

/** The spec's sidebar categories, in the spec's order (document 1 §2 "Admin shell"). */
const CATEGORIES = ['Allmänt', 'Inställningar', 'Admin', 'Superuser'] as const;
type Category = (typeof CATEGORIES)[number];

interface NavItem {
  id: string;
  label: string;
  to: string;
  enabled: boolean;
}

export interface NavGroup {
  category: Category;
  items: NavItem[];
  /** The user may open at least one item; otherwise the whole category is greyed with the warning. */
  enabled: boolean;
}

/**
 * The sidebar from the screen files: every screen with `nav`, grouped in the four
 * categories, each ordered by `nav.order` (then label); an item is enabled when the user may
 * open the screen (canOpen, the same rule as the route guard). Superuser is shown to odin
 * only; a category with no screens is left out.
 */
export function buildNav(screens: readonly ScreenEntry[], rights: AccessRights): NavGroup[] {
  const groups: NavGroup[] = [];
  for (const category of CATEGORIES) {
    if (category === 'Superuser' && !rights.odin) continue;
    const items = screens
      .filter((s) => s.nav?.category === category)
      .sort((a, b) => (a.nav?.order ?? 0) - (b.nav?.order ?? 0) || (a.nav?.label ?? '').localeCompare(b.nav?.label ?? '', 'sv'))
      .map((s) => ({ id: s.id, label: s.nav?.label ?? s.title, to: s.route, enabled: canOpen(s.access, rights) }));
    if (items.length) groups.push({ category, items, enabled: items.some((i) => i.enabled) });
  }
  return groups;
}

/** Whether `pathname` is the item's page or one below it (the start page only matches itself). */
export function isCurrent(to: string, pathname: string): boolean {
  if (to === '/admin') return pathname === '/admin' || pathname === '/admin/' || pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
