import sv from '../../schemas/messages/sv.json';
import { LinkRequest } from '../candidate/LinkRequest';
import { useLanding } from '../runner/session/sessionEffects';
import type { ViewProps } from '../runner/types';
import '../candidate/candidate.css';

const t = sv.signin;

/**
 * The login's other way in (schemas/screens/login.json `alternative`): a one-time sign-in link
 * mailed to the address typed so far, leading where the login would have landed.
 */
export default function LoginLink({ props }: ViewProps) {
  const land = useLanding();
  const typed = (props.form as { email?: unknown } | undefined)?.email;
  const email = typeof typed === 'string' ? typed.trim() : '';
  return (
    <>
      <h2>{t.requestTitle}</h2>
      <p>{t.requestIntro}</p>
      <LinkRequest email={email} next={land(email.toLowerCase())} idPrefix="login-link" />
      <p>
        <button type="button" className="cand-link" onClick={props.back as () => void}>
          {t.orPassword}
        </button>
      </p>
    </>
  );
}
