import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { useSession } from '../runner/session/session';
import { LinkLanding } from '../candidate/LinkLanding';

const t = sv.signin;

/** /confirm-email#token=…: the owner of a new address confirms an email change, and is signed in (a view block of schemas/screens/confirm-email.json). */
export default function ConfirmEmail() {
  const session = useSession();
  return (
    <LinkLanding
      intro={t.confirmEmailIntro}
      button={t.confirmEmailButton}
      busyLabel={t.confirming}
      confirmPath="/api/account/email/confirm"
      onDone={(data) => {
        session.login(data.token);
        return (
          <>
            {fill(t.emailChanged, { email: data.email ?? '' })} <Link to="/admin">{sv.admin.brand}</Link>
          </>
        );
      }}
      refusedExtra={() => null}
    />
  );
}
