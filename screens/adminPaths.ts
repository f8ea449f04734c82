/**
 * The first path segments the admin/session app owns (spec document 1 §2 session, admin and
 * candidate routes); every other path is the public site's. Kept as a list here rather than
 * read from the screen files so the public bundle carries none of them; the static checks
 * (scripts/check-screens.ts) fail, naming the file, when a screen's route or alias starts
 * with a segment missing here.
 */
const ADMIN_PREFIXES: readonly string[] = ['/admin', '/login', '/forgot', '/reset-password', '/signin-link', '/confirm-email', '/stop-email-change', '/invitation', '/access-denied'];

/** True for the paths the admin/session app owns. */
export function isAdminPath(pathname: string): boolean {
  return ADMIN_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
