import { BrowserRouter } from 'react-router-dom';

/**
 * The router: the public route set (host rules, screens/public/routes.tsx) and the
 * session/admin routes (screens/admin/routes.tsx). Filled in by the public and admin parts.
 */
export function App() {
  return (
    <BrowserRouter>
      <main>Blankett</main>
    </BrowserRouter>
  );
}
