import type { ViewProps } from '../runner/types';
import { ChangePasswordForm } from '../shell/ChangePassword';
import '../shell/forms.css';

/** /admin/change-password (schemas/screens/change-password.json). */
export default function ChangePasswordPage({ screen }: ViewProps) {
  return (
    <>
      <h1>{screen.title}</h1>
      <ChangePasswordForm />
    </>
  );
}
