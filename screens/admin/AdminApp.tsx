import { ScreenRoutes } from '../runner/Runner';
import type { ScreenFile } from '../runner/types';
import { ToastProvider } from '../shared/toast';
import { SessionProvider } from '../runner/session/session';
import '../shared/admin.css';

/**
 * The session, admin and candidate app: its routes, guards, layouts and titles all come
 * from the screen files in schemas/screens/ (screens/runner/, docs/screens.md). A test may
 * pass another catalogue.
 */
export default function AdminApp({ catalogue }: { catalogue?: readonly ScreenFile[] }) {
  return (
    <SessionProvider>
      <ToastProvider>
        <ScreenRoutes catalogue={catalogue} />
      </ToastProvider>
    </SessionProvider>
  );
}
