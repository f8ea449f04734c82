import sv from '../../schemas/messages/sv.json';
import { LinkLanding } from '../candidate/LinkLanding';

const t = sv.signin;

/** /stop-email-change#token=…: the owner stops an email change someone asked for (a view block of schemas/screens/stop-email-change.json). Signs nobody in. */
export default function StopEmailChange() {
  return (
    <LinkLanding
      intro={t.stopEmailIntro}
      button={t.stopEmailButton}
      busyLabel={t.stopping}
      confirmPath="/api/account/email/stop"
      onDone={() => <>{t.emailChangeStopped}</>}
      refusedExtra={() => null}
    />
  );
}
