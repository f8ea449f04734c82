import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { LinkRequest } from '../candidate/LinkRequest';
import type { ViewProps } from '../runner/types';

/** Under a refused or incomplete sign-in link (schemas/screens/signin-link.json `link.view`): a new link to the same address, or to one typed. */
export default function NewSigninLink({ props }: ViewProps) {
  const email = typeof props.email === 'string' ? props.email : '';
  return email ? <LinkRequest email={email} fixedEmail label={fill(sv.signin.newLinkFor, { email })} idPrefix="again" /> : <LinkRequest idPrefix="again" />;
}
