import { ScreenRoutes } from '../runner/Runner';
import type { Catalogue } from '../runner/catalogue';
import { ToastProvider } from '../shared/toast';
import { SessionProvider } from '../runner/session/session';
import '../shared/admin.css';

/**
 * The session, admin and candidate app: its routes, guards, layouts and titles all come
 * from the screen files in schemas/screens/ (screens/runner/, docs/screens.md). A test may
 * pass a catalogue of its own (screens/runner/fileCatalogue.ts).
 */
export default function AdminApp({ catalogue }: { catalogue?: Catalogue }) {
  return (
    <SessionProvider>
      <ToastProvider>
        <ScreenRoutes catalogue={catalogue} />
      </ToastProvider>
    </SessionProvider>
  );
}
