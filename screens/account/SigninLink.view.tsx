import { Link, useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { useSession } from '../runner/session/session';
import { LinkLanding } from '../candidate/LinkLanding';
import { LinkRequest } from '../candidate/LinkRequest';

const t = sv.signin;

/** /signin-link#token=…&email=…: signs in and goes on to where the link leads (a view block of schemas/screens/signin-link.json). */
export default function SigninLink() {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <LinkLanding
      intro={t.continueIntro}
      button={t.continueButton}
      busyLabel={t.signingIn}
      confirmPath="/api/account/signin-link/confirm"
      onDone={(data) => {
        session.login(data.token);
        const next = data.next ?? '/admin/minasidor';
        if (!data.passwordRemoved) {
          navigate(next, { replace: true });
          return;
        }
        return (
          <>
            {t.passwordRemoved} <Link to={next}>{t.toCandidate}</Link>
          </>
        );
      }}
      refusedExtra={(email) =>
        email ? <LinkRequest email={email} fixedEmail label={fill(t.newLinkFor, { email })} idPrefix="again" /> : <LinkRequest idPrefix="again" />
      }
    />
  );
}
