import { Route, Routes } from 'react-router-dom';
import { ToastProvider } from '../shared/toast';
import AccessDenied from './AccessDenied';
import Forgot from './Forgot';
import { RequireAuth, RequireRight } from './guards';
import Home from './Home';
import Login from './Login';
import NotFound from './NotFound';
import PickContainer from './PickContainer';
import AdBuilder from './positions/AdBuilder';
import AdPicker from './positions/AdPicker';
import PositionList from './positions/PositionList';
import ResetPassword from './ResetPassword';
import { SessionProvider } from './session';
import Shell from './Shell';
import TemplateEditor from './templates/TemplateEditor';
import TemplateList from './templates/TemplateList';
import './admin.css';

/**
 * The session and admin routes of spec document 1 §2 that this build has. Every /admin
 * route sits behind the logged-in guard; role guards send to /access-denied.
 */
export default function AdminApp() {
  return (
    <SessionProvider>
      <ToastProvider>
        <Routes>
          <Route path="/login" element={<Login />} />
          <Route path="/forgot/:email?" element={<Forgot />} />
          <Route path="/reset-password" element={<ResetPassword />} />
          <Route path="/access-denied" element={<AccessDenied />} />
          <Route
            path="/admin/pick-container"
            element={
              <RequireAuth allowPick>
                <PickContainer />
              </RequireAuth>
            }
          />
          <Route
            path="/admin"
            element={
              <RequireAuth>
                <Shell />
              </RequireAuth>
            }
          >
            <Route index element={<Home />} />
            <Route path="positions" element={<PositionList />} />
            <Route
              path="positions/new"
              element={
                <RequireRight right="write">
                  <AdPicker />
                </RequireRight>
              }
            />
            {/* Per-position writers are checked by the screen once the position is loaded. */}
            <Route path="positions/:id/edit" element={<AdBuilder />} />
            <Route
              path="positions/:action/:type"
              element={
                <RequireRight right="write">
                  <AdBuilder />
                </RequireRight>
              }
            />
            <Route
              path="form-templates"
              element={
                <RequireRight right="write">
                  <TemplateList />
                </RequireRight>
              }
            />
            {/* One route for new and edit/:id: creating a template keeps the builder (and its undo history). */}
            <Route
              path="form-templates/:mode/:id?"
              element={
                <RequireRight right="write">
                  <TemplateEditor />
                </RequireRight>
              }
            />
            <Route path="access-denied" element={<AccessDenied inShell />} />
            <Route path="*" element={<NotFound />} />
          </Route>
          <Route
            path="*"
            element={
              <RequireAuth>
                <Shell />
              </RequireAuth>
            }
          >
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </ToastProvider>
    </SessionProvider>
  );
}
