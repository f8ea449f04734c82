import sv from '../schemas/messages/sv.json';

/** The fallback while an app's code loads (the server renderer draws the same tree, screens/public/entry-server.tsx). */
export function AppLoading() {
  return (
    <p role="status" className="app-loading">
      {sv.app.loading}
    </p>
  );
}
