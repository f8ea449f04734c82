import type { ViewProps } from '../runner/types';
import { ProfileForm } from '../shell/Profile';
import '../shell/forms.css';

/** /admin/profile (schemas/screens/profile.json), from the top-right menu's 'Profilinställningar'. */
export default function ProfilePage({ screen }: ViewProps) {
  return (
    <>
      <h1>{screen.title}</h1>
      <ProfileForm />
    </>
  );
}
